# syntax=docker/dockerfile:1
# The Agent Execution API: `agentapi serve` by default; `agentapi worker` and `agentapi migrate` with another
# command (see compose.yaml and docs/deploy.md). Node runs the TypeScript sources directly: no build step but the console's.

# Stage 1: the production dependencies, installed from the lock file.
FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# No install script is needed: the image's Node.js 24 runs the service (the `node` dependency, which brings
# Node.js 24 to machines without it, is left without its binary).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# Stage 2: the web console, built into static files (plain TypeScript with its types stripped; nothing to install).
FROM node:24-bookworm-slim AS console
WORKDIR /app
COPY scripts/build-console.ts ./scripts/
COPY scripts/console ./scripts/console
COPY console ./console
COPY packages/client/src ./packages/client/src
RUN node --disable-warning=ExperimentalWarning scripts/build-console.ts

# Stage 3: what runs, as an unprivileged user, with its state in /data.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_FORMAT=json \
    DATABASE_URL=sqlite:/data/agentapi.db \
    WEBHOOK_SECRET_KEY_FILE=/data/webhook-secret.key
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
COPY catalog ./catalog
COPY config ./config
COPY --from=console /app/dist/console ./dist/console
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready, not just up: the database (and Redis) answer and the schema is migrated.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "--max-semi-space-size=8", "--max-old-space-size=1024", "bin/agentapi.js"]
CMD ["serve"]
