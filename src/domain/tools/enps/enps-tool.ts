import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';

export const enpsDescriptor: ToolDescriptor = {
  name: 'enps',
  description: "The eNPS and the response rate computed by code from the request's counts",
  computesFrom: ['promoters', 'passives', 'detractors', 'invited'],
};

/**
 * Does a survey's arithmetic in code once the model has answered, when the request gives the promoter,
 * passive and detractor counts: respondents, the eNPS (promoters % - detractors %, a whole number) with its
 * calculation, and with `invited` the response rate. Without the counts the model's answer stands (it may
 * have counted them from raw scores, and says so).
 */
export function createEnpsTool(): AgentTool {
  return {
    ...enpsDescriptor,
    async finish(output, context) {
      const [promoters, passives, detractors] = ['promoters', 'passives', 'detractors'].map((name) => context.fields[name]);
      if (!isCount(promoters) || !isCount(passives) || !isCount(detractors)) return output;
      const respondents = promoters + passives + detractors;
      if (respondents === 0) return output;
      const promoterShare = (promoters / respondents) * 100;
      const detractorShare = (detractors / respondents) * 100;
      const score = Math.round(promoterShare - detractorShare);
      const enps = {
        ...(typeof output.enps === 'object' && output.enps !== null ? output.enps : {}),
        promoters,
        passives,
        detractors,
        respondents,
        score,
        calculation: `${promoters} / ${respondents} x 100 - ${detractors} / ${respondents} x 100 = ${percent(promoterShare)} - ${percent(detractorShare)} = ${score}`,
      };
      const invited = context.fields.invited;
      const rate = isCount(invited) && invited > 0 ? { responseRate: `${respondents} of ${invited} invited (${percent((respondents / invited) * 100)}%)` } : {};
      return { ...output, enps, ...rate };
    },
  };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function percent(value: number): string {
  return String(Math.round(value * 10) / 10);
}
