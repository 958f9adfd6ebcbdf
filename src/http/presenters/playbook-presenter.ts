import type { Playbook } from '../../domain/playbooks/playbook-catalog.ts';

export function presentPlaybook(playbook: Playbook) {
  return {
    id: playbook.id,
    name: playbook.name,
    description: playbook.description,
    category: playbook.category,
    fields: playbook.fields.map((field) => ({ key: field.key, label: field.label, type: field.type, required: field.required, ...(field.options ? { options: field.options } : {}) })),
    steps: playbook.steps.map((step) => ({ agent: step.agent, reason: step.reason, optional: step.optional })),
  };
}
