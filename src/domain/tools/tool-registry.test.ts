import { describe, expect, it } from 'vitest';
import { jsonSchemaProblems } from '../agents/json-schema-subset.ts';
import { toolDescriptors } from './tool-registry.ts';

describe('tool descriptors', () => {
  it('have unique names and schemas within the catalog subset', () => {
    expect(new Set(toolDescriptors.map((tool) => tool.name)).size).toBe(toolDescriptors.length);
    for (const tool of toolDescriptors) {
      for (const [name, schema] of Object.entries({ ...tool.outputFields, ...tool.refinedFields })) {
        expect(jsonSchemaProblems(schema, `${tool.name}.${name}`)).toEqual([]);
      }
      for (const name of tool.requiredOutputFields ?? []) expect(Object.keys(tool.outputFields ?? {})).toContain(name);
    }
  });
});
