import { describe, expect, it } from 'vitest';
import { createAgentTools } from './create-agent-tools.ts';
import { checkToolsMatchDescriptors, toolDescriptors } from './tool-registry.ts';
import { offlineToolDependencies } from '../../../test/support/tool-dependencies.ts';

describe('createAgentTools', () => {
  it('provides one working tool per descriptor, under its name and with its description', () => {
    const tools = createAgentTools(offlineToolDependencies());
    expect(() => checkToolsMatchDescriptors(tools)).not.toThrow();
    for (const descriptor of toolDescriptors) {
      const tool = tools.get(descriptor.name);
      expect(tool).toMatchObject({ ...descriptor });
    }
  });

  it('is refused by the check when a tool is missing', () => {
    const tools = createAgentTools(offlineToolDependencies());
    tools.delete('page-renderer');
    expect(() => checkToolsMatchDescriptors(tools)).toThrow(/do not match/);
  });
});
