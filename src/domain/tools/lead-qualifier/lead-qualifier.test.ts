import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../agent-tool.ts';
import { companyKey, websiteKey } from './company-identity.ts';
import { isValidEmailAddress } from './email-address.ts';
import { createLeadQualifierTool } from './lead-qualifier-tool.ts';
import { scoreLead } from './lead-scoring.ts';

const context = (fields: Record<string, unknown> = {}): ToolContext => ({ agentId: 'leads', accountId: 'a', surface: 'api', prompt: 'x', fields });
const fit = (industry: number, location: number, need: number) => ({ industry, location, need });

describe('isValidEmailAddress', () => {
  it.each(['sales@acme.com', 'first.last+tag@sub.example.co.uk', "o'brien@example.ie", 'hello@xn--bcher-kva.example'])('accepts %s', (address) => {
    expect(isValidEmailAddress(address)).toBe(true);
  });
  it.each(['', 'acme.com', '@acme.com', 'sales@', 'sales@acme', 'two@@acme.com', 'a..b@acme.com', '.a@acme.com', 'sales@-acme.com', 'sales@acme.c0m', 'sp ace@acme.com', 'sales@acme..com', `${'x'.repeat(65)}@acme.com`])(
    'refuses %j',
    (address) => {
      expect(isValidEmailAddress(address)).toBe(false);
    },
  );
});

describe('company identity', () => {
  it('ignores case, punctuation, accents and legal forms', () => {
    expect(companyKey('Acme, Inc.')).toBe(companyKey('ACME'));
    expect(companyKey('Société Générale SA')).toBe(companyKey('societe generale'));
    expect(companyKey('N26 GmbH')).toBe('n26');
    expect(companyKey('Acme Payments')).not.toBe(companyKey('Acme'));
  });

  it('reduces websites to their host', () => {
    expect(websiteKey('https://www.acme.com/about')).toBe('acme.com');
    expect(websiteKey('acme.com')).toBe('acme.com');
    expect(websiteKey('not a url at all')).toBeUndefined();
  });
});

describe('scoreLead', () => {
  it('weighs industry 40%, location 30%, need 30%', () => {
    expect(scoreLead(fit(10, 10, 10), true)).toBe(100);
    expect(scoreLead(fit(10, 0, 0), true)).toBe(40);
    expect(scoreLead(fit(5, 10, 0), true)).toBe(50);
    expect(scoreLead(fit(0, 0, 0), true)).toBe(0);
  });

  it('gives location no weight when none was asked for', () => {
    expect(scoreLead(fit(10, 0, 10), false)).toBe(100);
    expect(scoreLead(fit(10, 0, 0), false)).toBe(55);
  });

  it('clamps criteria outside 0-10', () => {
    expect(scoreLead(fit(15, 12, 11), true)).toBe(100);
    expect(scoreLead(fit(-3, 0, 0), true)).toBe(0);
  });
});

describe('the lead-qualifier tool', () => {
  it('dedupes companies, drops invalid contacts, computes scores, sorts and counts', async () => {
    const tool = createLeadQualifierTool();
    const output = {
      criteria: 'fintech in Berlin',
      leads: [
        { company: 'Acme GmbH', contact: 'Sales@Acme.de', fit: fit(6, 10, 4), website: 'acme.de' },
        { company: 'Beta Pay', contact: 'hello@betapay.io', fit: fit(9, 10, 8), website: 'https://www.betapay.io' },
        { company: 'ACME', contact: 'info@acme.de', fit: fit(7, 10, 6) },
        { company: 'Gamma', contact: 'not-an-address', fit: fit(10, 10, 10) },
        { company: 'Beta Payments Berlin', contact: 'team@betapay.io', fit: fit(5, 5, 5), website: 'betapay.io/contact' },
      ],
    };
    const result = await tool.finish?.(output, context({ location: 'Berlin' }), undefined);
    expect(result).toEqual({
      criteria: 'fintech in Berlin',
      leads: [
        { company: 'Beta Pay', contact: 'hello@betapay.io', fit: fit(9, 10, 8), website: 'https://www.betapay.io', score: 90 },
        { company: 'ACME', contact: 'info@acme.de', fit: fit(7, 10, 6), score: 76 },
      ],
      count: 2,
      qualification: { method: expect.any(String), duplicatesRemoved: 2, invalidContactsRemoved: 1 },
    });
  });

  it('returns an empty, consistent list when nothing qualifies', async () => {
    const result = await createLeadQualifierTool().finish?.({ leads: [{ company: 'X', contact: 'nope', fit: fit(1, 1, 1) }] }, context(), undefined);
    expect(result).toMatchObject({ leads: [], count: 0, qualification: { invalidContactsRemoved: 1 } });
  });
});
