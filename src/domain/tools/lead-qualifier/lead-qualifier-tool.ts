import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { companyKey, websiteKey } from './company-identity.ts';
import { isValidEmailAddress } from './email-address.ts';
import { scoreLead, scoringMethod, type LeadFit } from './lead-scoring.ts';

interface ModelLead {
  company: string;
  contact: string;
  fit: LeadFit;
  website?: string;
  location?: string;
  reason?: string;
  [field: string]: unknown;
}

const fitSchema = {
  type: 'object',
  properties: {
    industry: { type: 'number', minimum: 0, maximum: 10 },
    location: { type: 'number', minimum: 0, maximum: 10 },
    need: { type: 'number', minimum: 0, maximum: 10 },
  },
  required: ['industry', 'location', 'need'],
};

export const leadQualifierDescriptor: ToolDescriptor = {
  name: 'lead-qualifier',
  description: 'Lead qualification',
  refinedFields: {
    leads: {
      type: 'array',
      description: 'Best fit first; one entry per company, each with a syntactically valid contact address',
      items: {
        type: 'object',
        properties: {
          company: { type: 'string', minLength: 1 },
          contact: { type: 'string', format: 'email' },
          score: { type: 'integer', minimum: 0, maximum: 100, description: scoringMethod.description },
          fit: fitSchema,
          website: { type: 'string' },
          location: { type: 'string' },
          reason: { type: 'string' },
        },
        required: ['company', 'contact', 'score', 'fit'],
      },
    },
  },
  outputFields: {
    count: { type: 'integer', minimum: 0, description: 'Number of leads' },
    qualification: {
      type: 'object',
      properties: {
        method: { type: 'string' },
        duplicatesRemoved: { type: 'integer', minimum: 0 },
        invalidContactsRemoved: { type: 'integer', minimum: 0 },
      },
      required: ['method', 'duplicatesRemoved', 'invalidContactsRemoved'],
    },
  },
  requiredOutputFields: ['count', 'qualification'],
};

/**
 * Makes a lead list trustworthy in the ways a model is not: one entry per company (by name and website),
 * only syntactically valid contact addresses, scores computed from the stated criteria, best first, and a
 * count that matches.
 */
export function createLeadQualifierTool(): AgentTool {
  return {
    ...leadQualifierDescriptor,
    async finish(output, context) {
      const locationRequested = typeof context.fields.location === 'string' && context.fields.location.trim() !== '';
      const leads = (output.leads as ModelLead[]).map((lead) => ({
        ...lead,
        company: lead.company.trim(),
        contact: lead.contact.trim().toLowerCase(),
        score: scoreLead(lead.fit, locationRequested),
      }));

      const valid = leads.filter((lead) => isValidEmailAddress(lead.contact));
      const byIdentity = new Map<string, (typeof valid)[number]>();
      const aliasOf = new Map<string, string>();
      for (const lead of valid.sort((left, right) => right.score - left.score)) {
        const name = companyKey(lead.company) || lead.company.toLowerCase();
        const keys = [`name:${name}`, websiteKey(lead.website) && `site:${websiteKey(lead.website)}`].filter(
          (key): key is string => Boolean(key),
        );
        // The best-scored entry of a company is kept; later ones with the same name or website are dropped.
        if (keys.some((key) => aliasOf.has(key))) continue;
        for (const key of keys) aliasOf.set(key, keys[0] as string);
        byIdentity.set(keys[0] as string, lead);
      }

      const qualified = [...byIdentity.values()];
      return {
        ...output,
        leads: qualified,
        count: qualified.length,
        qualification: {
          method: scoringMethod.description,
          duplicatesRemoved: valid.length - qualified.length,
          invalidContactsRemoved: leads.length - valid.length,
        },
      };
    },
  };
}
