import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { checkedTools, replyOrCallsTitle, toolCallId, toolCallsTitle, toolInstructions, toolListHeading, toolListing, toolTurnOutput, toolTurnValidator, type ChatTool, type ChatToolUse } from './chat-tools.ts';
import { jsonSchemaProblems } from './json-schema-subset.ts';

const weather: ChatTool = { name: 'get_weather', description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } };
/** Uses keywords the catalog subset does not have: given to the model as any object, checked by code. */
const lookup: ChatTool = { name: 'lookup', parameters: { type: 'object', properties: { id: { $ref: '#/$defs/id' } }, required: ['id'], $defs: { id: { type: 'integer', minimum: 1 } } } };

function use(choice: ChatToolUse['choice'], parallel = true): ChatToolUse {
  return { tools: [weather, lookup], choice, parallel };
}

function validator(toolUse: ChatToolUse) {
  return toolTurnValidator(z.fromJSONSchema(toolTurnOutput(toolUse) as Parameters<typeof z.fromJSONSchema>[0]), toolUse);
}

describe('chat tools', () => {
  it('asks for a reply and calls with auto, one shape per tool, within the subset agents’ schemas use', () => {
    const output = toolTurnOutput(use({ type: 'auto' }));
    expect(jsonSchemaProblems(output, 'output')).toEqual([]);
    expect(output).toMatchObject({ type: 'object', title: replyOrCallsTitle, required: ['content', 'tool_calls'], additionalProperties: false });
    const calls = (output.properties as Record<string, Record<string, unknown>>).tool_calls;
    expect(calls).not.toHaveProperty('minItems');
    expect(calls).not.toHaveProperty('maxItems');
    const variants = (calls?.items as { anyOf: { properties: Record<string, unknown> }[] }).anyOf;
    expect(variants.map((variant) => variant.properties.name)).toEqual([{ type: 'string', enum: ['get_weather'] }, { type: 'string', enum: ['lookup'] }]);
    expect(variants[0]?.properties.arguments).toEqual(weather.parameters);
    expect(variants[1]?.properties.arguments).toMatchObject({ type: 'object' });
    expect(variants[1]?.properties.arguments).not.toHaveProperty('properties');
  });

  it('asks for calls only with required or a named tool, at most one when parallel calls are off', () => {
    const required = toolTurnOutput(use({ type: 'required' }, false));
    expect(required).toMatchObject({ title: toolCallsTitle, required: ['tool_calls'], properties: { tool_calls: { minItems: 1, maxItems: 1 } } });
    expect(required.properties).not.toHaveProperty('content');
    const named = toolTurnOutput(use({ type: 'function', name: 'lookup' }));
    expect(named).toMatchObject({ title: toolCallsTitle, properties: { tool_calls: { minItems: 1, items: { properties: { name: { enum: ['lookup'] } } } } } });
  });

  it('checks an answer: a reply or calls, each call’s arguments against its tool’s own schema, loosened ones included', () => {
    const auto = validator(use({ type: 'auto' }));
    expect(auto.safeParse({ content: 'It is sunny.', tool_calls: [] }).success).toBe(true);
    expect(auto.safeParse({ content: ' ', tool_calls: [] }).success).toBe(false);
    expect(auto.safeParse({ content: '', tool_calls: [{ name: 'lookup', arguments: { id: 3 } }] }).success).toBe(true);
    const loosened = auto.safeParse({ content: '', tool_calls: [{ name: 'lookup', arguments: { id: 0 } }] });
    expect(loosened.success).toBe(false);
    expect(loosened.error?.issues[0]?.path).toEqual(['tool_calls', 0, 'arguments', 'id']);
    expect(auto.safeParse({ content: '', tool_calls: [{ name: 'nope', arguments: {} }] }).success).toBe(false);
    const single = validator(use({ type: 'required' }, false));
    expect(single.safeParse({ tool_calls: [{ name: 'get_weather', arguments: { city: 'Porto' } }, { name: 'get_weather', arguments: { city: 'Faro' } }] }).success).toBe(false);
  });

  it('lists each callable tool with its parameters for the task, and tells the model in its instructions when to call', () => {
    const listing = toolListing(use({ type: 'auto' }));
    expect(listing.split('\n')[0]).toBe(toolListHeading);
    expect(listing).toContain('- get_weather: Weather now');
    expect(listing).toContain(JSON.stringify(lookup.parameters));
    expect(toolListing(use({ type: 'function', name: 'lookup' }))).not.toContain('get_weather');
    const auto = toolInstructions(use({ type: 'auto' }));
    expect(auto).toContain(toolListHeading);
    expect(auto).toContain('leave "tool_calls" empty');
    expect(auto).not.toContain('Weather now');
    expect(toolInstructions(use({ type: 'function', name: 'lookup' }, false))).toMatch(/You must call lookup now[\s\S]*Call one function at a time/);
    expect(toolInstructions(use({ type: 'required' }))).toContain('You must call at least one of the functions now');
  });

  it('refuses tools that are not well named, offered twice, or whose parameters are not an object schema code can check', () => {
    const issues = (tools: ChatTool[]) => {
      try {
        checkedTools(tools);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return ((error as AppError).details.issues as { path: string }[]).map((issue) => issue.path);
      }
      return [];
    };
    expect(issues([weather, lookup])).toEqual([]);
    expect(issues([{ name: 'a b', parameters: { type: 'object' } }])).toEqual(['tools.0.function.name']);
    expect(issues([weather, weather])).toEqual(['tools.1.function.name']);
    expect(issues([{ name: 'x', parameters: { type: 'array' } }, { name: 'y', parameters: { type: 'object', properties: { a: { type: 'objekt' } } } }])).toEqual(['tools.0.function.parameters', 'tools.1.function.parameters']);
  });

  it('names a call as OpenAI does, the same for the same run and position', () => {
    expect(toolCallId('run_1', 0)).toMatch(/^call_[0-9a-f]{24}$/);
    expect(toolCallId('run_1', 0)).toBe(toolCallId('run_1', 0));
    expect(toolCallId('run_1', 1)).not.toBe(toolCallId('run_1', 0));
  });
});
