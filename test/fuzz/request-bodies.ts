import fc from 'fast-check';
import { hostileText, longText } from './hostile-text.ts';

export interface FuzzBody {
  payload: string;
  /** The content type that matches the payload's form, which the headers may or may not send. */
  contentType: string;
}

/** Fields the routes read, so random bodies also reach past the first schema check. */
const knownFields = ['agent', 'prompt', 'params', 'input', 'inputs', 'playbook_id', 'playbookId', 'confirmed', 'stream', 'model', 'policy', 'fallback', 'callbackUrl', 'webhook_url', 'async', 'user', 'plan', 'v1Plan', 'name', 'url', 'text', 'tags'];
const plausibleValues = fc.constantFrom<unknown>('blog-gen', 'summarize', 'leads', 'lead-blitz', 'content-machine', 'choosing a CRM', true, false, 'true', 0, -1, 1e308, null, [], {}, 'https://example.com/', 'http://169.254.169.254/latest', 'quality', 'sandbox/deterministic', 'enterprise', 'free');

const anyJson = fc.jsonValue({ maxDepth: 4 });
const fieldValue = fc.oneof(plausibleValues, anyJson, hostileText, fc.dictionary(fc.constantFrom(...knownFields), fc.oneof(plausibleValues, hostileText), { maxKeys: 4 }));

/** Objects with the routes' own field names and values of any type. */
const shapedObject = fc.dictionary(fc.oneof(fc.constantFrom(...knownFields), hostileText), fieldValue, { maxKeys: 8 });

function json(value: unknown): FuzzBody {
  return { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
}

/** Arrays or objects nested up to hundreds of levels, closed or not. */
const deepNesting = fc.tuple(fc.integer({ min: 1, max: 600 }), fc.constantFrom('[', '{"a":'), fc.boolean()).map(([depth, opener, closed]): FuzzBody => {
  const closer = opener === '[' ? ']' : '}';
  return { payload: `${opener.repeat(depth)}1${closed ? closer.repeat(depth) : ''}`, contentType: 'application/json' };
});

const truncatedJson = fc.tuple(shapedObject, fc.nat()).map(([value, cut]): FuzzBody => {
  const text = JSON.stringify(value);
  return { payload: text.slice(0, cut % Math.max(1, text.length)), contentType: 'application/json' };
});

const hugeString = fc.tuple(fc.constantFrom('prompt', 'agent', 'playbook_id', 'user'), longText(1_000, 1_100_000)).map(([field, text]) => json({ agent: 'summarize', [field]: text }));

const manyKeys = fc.integer({ min: 100, max: 20_000 }).map((count) => json(Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]))));

const formKey = fc.oneof(
  fc.constantFrom('agent', 'prompt', 'confirmed', 'inputs[niche]', 'inputs.niche', 'tags[]', 'a[b][c]', 'a[b][c][d][e][f][g]', 'a.b.c.d.e.f', '__proto__[x]', 'constructor[prototype][x]', 'a[]', '[]', '[', 'a]b'),
  hostileText,
);
const formPairs = fc.array(fc.tuple(formKey, fc.oneof(fc.constantFrom('summarize', 'x', 'true', 'on', '1'), hostileText)), { maxLength: 30 });
const form = fc.tuple(formPairs, fc.nat({ max: 1_500 })).map(([pairs, repeated]): FuzzBody => {
  const encoded = pairs.map(([key, value]) => `${encodeURIComponent(key.replace(/[\ud800-\udfff]/g, ''))}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`);
  const repeats = Array.from({ length: repeated % 3 === 0 ? repeated : 0 }, () => 'tags=x');
  return { payload: [...encoded, ...repeats].join('&'), contentType: 'application/x-www-form-urlencoded' };
});
const rawForm = fc.constantFrom('a=%E0%A4%A', '=&=&', '&&&', 'a[b]=1&a=2', 'a=1&a[b]=2', '%=%', 'agent=summarize&prompt=hi&confirmed=maybe').map((payload) => ({ payload, contentType: 'application/x-www-form-urlencoded' }));

const multipart = fc.tuple(hostileText, fc.boolean()).map(([value, closed]): FuzzBody => ({
  payload: `--fuzz\r\nContent-Disposition: form-data; name="prompt"\r\n\r\n${value}\r\n${closed ? '--fuzz--\r\n' : ''}`,
  contentType: 'multipart/form-data; boundary=fuzz',
}));

/** Bodies each route accepts, with one field's value replaced by anything: they get past the schema more often and reach the services. */
const acceptedBodies: readonly Record<string, unknown>[] = [
  { prompt: 'choosing a CRM for a small agency', confirmed: true },
  { agent: 'summarize', prompt: 'a short note about tides' },
  { agent: 'blog-gen', params: { prompt: 'tides' } },
  { playbookId: 'content-machine', inputs: { topic: 'tides', tone: 'casual' }, async: true },
  { playbook_id: 'lead-blitz', inputs: { niche: 'dental clinics', location: 'Leeds', product: 'booking software' }, confirmed: true },
  { user: 'fuzz-account', plan: 'free', v1Plan: 'free', name: 'fuzz' },
  { apiPlan: 'free', v1Plan: 'pro' },
];
const nearlyAccepted = fc.tuple(fc.constantFrom(...acceptedBodies), fc.constantFrom(...knownFields), fc.option(fc.oneof(fieldValue, longText(1, 60_000)), { freq: 3 })).map(([body, field, value]) => json(value === null ? body : { ...body, [field]: value }));

const text = hostileText.map((payload) => ({ payload, contentType: 'text/plain' }));

/** Bodies of every sort: valid JSON of any shape, broken JSON, too deep, too big, too many keys, forms, multipart, text, nothing. */
export const fuzzBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { arbitrary: shapedObject.map(json), weight: 4 },
  { arbitrary: nearlyAccepted, weight: 4 },
  { arbitrary: anyJson.map(json), weight: 2 },
  { arbitrary: truncatedJson, weight: 2 },
  { arbitrary: deepNesting, weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: manyKeys, weight: 1 },
  { arbitrary: form, weight: 2 },
  { arbitrary: rawForm, weight: 1 },
  { arbitrary: multipart, weight: 1 },
  { arbitrary: text, weight: 1 },
  { arbitrary: fc.constant({ payload: '', contentType: 'application/json' }), weight: 1 },
);
