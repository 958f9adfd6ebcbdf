import { writeFileSync } from 'node:fs';
import { servedOpenApiDocument } from './served-document.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: node scripts/openapi/dump-openapi.ts <file.json>');
writeFileSync(target, `${JSON.stringify(await servedOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
