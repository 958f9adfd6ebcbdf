import { describe, expect, it } from 'vitest';
import { needsConfirmation } from './confirmation-required.ts';

describe('needsConfirmation', () => {
  it('asks for confirmed: true on /api for agents flagged requiresConfirmation', () => {
    expect(needsConfirmation({ requiresConfirmation: true }, 'api')).toBe(true);
    expect(needsConfirmation({ requiresConfirmation: false }, 'api')).toBe(false);
  });

  it('never on the v1 surface: it has no confirmation step', () => {
    expect(needsConfirmation({ requiresConfirmation: true }, 'v1')).toBe(false);
  });

  it('never on the free tier, which runs no agent that needs it anyway', () => {
    expect(needsConfirmation({ requiresConfirmation: true }, 'free')).toBe(false);
  });
});
