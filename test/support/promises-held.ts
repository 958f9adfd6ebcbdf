import type { AgentPromise } from '../../src/domain/agents/promises/agent-promise.ts';

/**
 * The promises an output breaks for a request's fields, checked here on their own terms (not by the code that
 * keeps them): echoed values equal, counts exact or within, lists sorted and numbered, names found in the
 * input, values mentioned, required parts present. `only` limits the check to some kinds.
 */
export function brokenPromises(promises: readonly AgentPromise[], fields: Record<string, unknown>, output: Record<string, unknown>, only?: ReadonlySet<string>): string[] {
  const broken: string[] = [];
  for (const promise of promises) {
    const kind = Object.keys(promise)[0] as string;
    if (only && !only.has(kind === 'count' && 'atMost' in promise ? 'atMost' : kind)) continue;
    if ('equal' in promise) {
      if (fields[promise.to] !== undefined && at(output, promise.equal) !== fields[promise.to]) broken.push(`${promise.equal} is not ${String(fields[promise.to])}`);
    } else if ('count' in promise) {
      const list = at(output, promise.count);
      const wanted = 'to' in promise ? fields[promise.to] : fields[promise.atMost];
      if (typeof wanted !== 'number') continue;
      const length = Array.isArray(list) ? list.length : 0;
      if ('to' in promise ? length !== wanted : length > wanted) broken.push(`${promise.count} has ${length} items for ${wanted}`);
    } else if ('sum' in promise) {
      const total = 'to' in promise ? (typeof promise.to === 'number' ? promise.to : fields[promise.to]) : fields[promise.atMost];
      if (typeof total !== 'number') continue;
      const sum = ((at(output, promise.sum) ?? []) as Record<string, unknown>[]).reduce((all, item) => all + (typeof item[promise.of] === 'number' ? (item[promise.of] as number) : 0), 0);
      if ('to' in promise ? Math.abs(sum - total) > 0.05 : sum > total + 0.05) broken.push(`${promise.sum}[].${promise.of} add up to ${sum}, not ${total}`);
    } else if ('words' in promise) {
      const limit = fields[promise.atMost];
      if (typeof limit !== 'number') continue;
      const target = at(output, promise.words);
      const texts = promise.field ? ((target ?? []) as Record<string, unknown>[]).map((item) => item[promise.field as string]) : [target];
      for (const text of texts) if (typeof text === 'string' && text.split(/\s+/).filter(Boolean).length > limit) broken.push(`${promise.words} has a text over ${limit} words`);
    } else if ('order' in promise) {
      const list = (at(output, promise.order) ?? []) as Record<string, unknown>[];
      list.forEach((item, index) => {
        if (promise.number && item[promise.number] !== index + 1) broken.push(`${promise.order}[${index}].${promise.number} is ${String(item[promise.number])}`);
        const previous = list[index - 1];
        if (promise.by && previous && Number(previous[promise.by]) > Number(item[promise.by])) broken.push(`${promise.order} is not sorted by ${promise.by}`);
      });
    } else if ('within' in promise) {
      const source = String(fields[promise.of] ?? '').toLowerCase();
      if (!fields[promise.of]) continue;
      for (const item of (at(output, promise.within) ?? []) as unknown[]) {
        const name = promise.field ? (item as Record<string, unknown>)[promise.field] : item;
        if (typeof name !== 'string') continue;
        const unknownWord = (name.replace(/\([^)]*\)/g, ' ').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).find((word) => !new RegExp(`(^|[^\\p{L}\\p{N}])${word}([^\\p{L}\\p{N}]|$)`, 'u').test(source));
        if (unknownWord) broken.push(`${promise.within} names "${name}", not in ${promise.of}`);
      }
    } else if ('require' in promise) {
      const holds = Object.entries(promise.when).every(([name, value]) => fields[name] === value);
      const value = at(output, promise.require);
      if (holds && (value === undefined || (Array.isArray(value) || typeof value === 'string' ? value.length === 0 : false))) broken.push(`${promise.require} is missing`);
    } else {
      const wanted = fields[promise.mentions];
      if (typeof wanted !== 'string' || !wanted.trim()) continue;
      const texts = promise.in.map((path) => JSON.stringify(at(output, path) ?? '').toLowerCase());
      if (!texts.some((text) => text.includes(wanted.trim().toLowerCase().replace(/\s+/g, ' ')))) broken.push(`${promise.in.join('/')} does not mention ${wanted}`);
    }
  }
  return broken;
}

function at(output: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, name) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined), output);
}
