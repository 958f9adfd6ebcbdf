import fc from 'fast-check';
import { fillPath, pathParameters } from '../support/app-routes.ts';
import { hostileText, longText, percentJunk } from './hostile-text.ts';

/** Values worth trying in a path parameter: ids it names, other real ids, lookalikes, junk, and very long ones. */
function pathValues(ownIds: readonly string[], knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(ownIds.length > 0 ? ownIds : knownIds)), weight: 12 },
    { arbitrary: fc.constantFrom(...knownIds), weight: 4 },
    { arbitrary: fc.stringMatching(/^(run|pbr|agr|ak_live|acct)_[A-Za-z0-9_-]{0,30}$/), weight: 4 },
    { arbitrary: hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))), weight: 4 },
    { arbitrary: percentJunk, weight: 4 },
    { arbitrary: fc.tuple(fc.constantFrom(...knownIds), percentJunk).map(([id, junk]) => `${id}${junk}`), weight: 1 },
    { arbitrary: longText(200, 9_000).map(encodeURIComponent), weight: 1 },
  );
}

const queryKeys = fc.oneof(fc.constantFrom('from', 'to', 'groupBy', 'limit', 'cursor', 'account', 'lastEventId', 'user', 'stream', 'from[]', 'account[x]', ''), hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))));
const queryValues = fc.oneof(
  fc.constantFrom('2026-03-01', '2026-02-30', '1999-12-31', '2200-01-01', '0000-00-00', '2026-3-1', '2026-03-01T00:00:00Z', 'day', 'model', 'agent', 'provider', '0', '-1', '1e9', 'NaN', '101', 'owner-account', 'other-account', 'true', ''),
  percentJunk,
  hostileText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
);
/** Now and then one value long enough to reach the URL limit. */
const queryValue = fc.oneof({ arbitrary: queryValues, weight: 30 }, { arbitrary: longText(100, 9_000).map(encodeURIComponent), weight: 1 });
const query = fc.array(fc.tuple(queryKeys, queryValue, fc.boolean()), { maxLength: 6 }).map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value, bare]) => (bare && value === '' ? key : `${key}=${value}`)).join('&')}`));

/** A URL for the route: its parameters filled with fuzzed values (`idsByParameter` names real ones by parameter), and a fuzzed query string. */
export function fuzzUrl(pattern: string, idsByParameter: Readonly<Record<string, readonly string[]>>): fc.Arbitrary<string> {
  const parameters = pathParameters(pattern);
  const knownIds = Object.values(idsByParameter).flat();
  const values = fc.tuple(...parameters.map((name) => pathValues(idsByParameter[name] ?? [], knownIds))).map((filled) => Object.fromEntries(parameters.map((name, index) => [name, filled[index] ?? ''])));
  return fc.tuple(values, query).map(([filled, search]) => `${fillPath(pattern, filled)}${search}`);
}
