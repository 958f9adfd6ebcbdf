import { describe, expect, it } from 'vitest';
import { ColumnLabels } from './column-labels.ts';
import { contextBoost, ContextScorer, contextPenalty, hintBoost, labelPenalty } from './context-scoring.ts';
import { findPii } from './find-pii.ts';
import type { PiiType } from './pii-finding.ts';

/** The adjustment for the first occurrence of `value` in `text`, scored as `type`. */
function adjustment(text: string, value: string, type: PiiType): number {
  const start = text.indexOf(value);
  return new ContextScorer(text).adjustment(type, start, start + value.length);
}

const found = (text: string) => findPii(text).map((finding) => `${finding.type}:${text.slice(finding.start, finding.end)}`);

describe('context scoring', () => {
  it('lifts a number labelled for its type, on the same line or the line before', () => {
    expect(adjustment('Phone: 467 3395', '467 3395', 'phone')).toBe(contextBoost);
    expect(adjustment('Personal Info:\nPhone:\n467 3395\n', '467 3395', 'phone')).toBe(contextBoost);
    expect(adjustment('Caller ID 467 3395', '467 3395', 'phone')).toBe(contextBoost);
    expect(adjustment('His social security number is 219099999', '219099999', 'ssn')).toBe(contextBoost);
    expect(adjustment('M: 467 3395', '467 3395', 'phone')).toBe(contextBoost);
  });

  it('sinks a number whose own label names something else, whatever else is near', () => {
    expect(adjustment('Customer called regarding invoice 70721706', '70721706', 'phone')).toBe(-labelPenalty);
    expect(adjustment('Call volume was 1 204 567 minutes', '1 204 567', 'phone')).toBe(-labelPenalty);
    expect(adjustment('Phone model P/N 397324-635', '397324-635', 'phone')).toBe(-labelPenalty);
  });

  it('lowers a number explained by a word nearby only when nothing supports it', () => {
    expect(adjustment('The notes mention 4.12.0.7 again', '4.12.0.7', 'ip')).toBe(0);
    expect(adjustment('Firmware version 4.12.0.7 fixes it', '4.12.0.7', 'ip')).toBe(-labelPenalty);
    expect(adjustment('We upgraded the fleet; 4.12.0.7 is next', '4.12.0.7', 'ip')).toBe(-contextPenalty);
    expect(adjustment('the upgrade moved the gateway somewhere else: 4.12.0.7', '4.12.0.7', 'ip')).toBe(contextBoost);
  });

  it('does not let the next sentence label a number', () => {
    expect(adjustment('She gave 4111 1111 1111 1111. Order 12 ships', '4111 1111 1111 1111', 'card')).toBe(0);
    expect(adjustment('She gave 4111 1111 1111 1111 for order 12', '4111 1111 1111 1111', 'card')).toBe(-contextPenalty);
  });

  it('adds a little for a hint such as "number"', () => {
    expect(adjustment('my number is 467 3395', '467 3395', 'phone')).toBe(hintBoost);
    expect(adjustment('tel no. 467 3395', '467 3395', 'phone')).toBe(contextBoost);
  });

  it('reads the header of a table column as the label of its values', () => {
    const table = 'id,name,phone,order_id\n1,Ana,467 3395,5512345678\n2,Bo,99 668472,5512345679';
    expect(new ColumnLabels(table).labelAt(table.indexOf('99 668472'))).toBe('phone');
    expect(adjustment(table, '99 668472', 'phone')).toBe(contextBoost);
    expect(adjustment(table, '5512345679', 'phone')).toBe(-labelPenalty);
  });

  it('finds the column of every value on every row, the first and the last included', () => {
    const table = 'id,name,phone\n1,Ana,467 3395\n2,Bo,99 668472';
    const labels = new ColumnLabels(table);
    expect(labels.labelAt(table.indexOf('1,Ana'))).toBe('id');
    expect(labels.labelAt(table.indexOf('Ana'))).toBe('name');
    expect(labels.labelAt(table.indexOf('467 3395'))).toBe('phone');
    expect(labels.labelAt(table.indexOf('2,Bo'))).toBe('id');
    expect(labels.labelAt(table.indexOf('99 668472'))).toBe('phone');
    expect(labels.labelAt(table.length - 1)).toBe('phone');
  });

  it('reads the columns of one very long row as those of a short one', () => {
    const columns = 2_000;
    const table = `${Array.from({ length: columns }, (_, index) => (index === columns - 1 ? 'phone' : 'note')).join(',')}\n${'x,'.repeat(columns - 1)}467 3395`;
    const labels = new ColumnLabels(table);
    expect(labels.labelAt(table.indexOf('467 3395'))).toBe('phone');
    expect(labels.labelAt(table.lastIndexOf('x'))).toBe('note');
  });

  it('changes the outcome for borderline matches', () => {
    // A grouped national number (0.35) needs support; a bare 9-digit SSN (0.15) needs "SSN".
    expect(found('reference 467 3395')).toEqual([]);
    expect(found('Phone: 467 3395')).toEqual(['phone:467 3395']);
    expect(found('record 219099999')).toEqual([]);
    expect(found('SSN 219099999')).toEqual(['ssn:219099999']);
    // A dashed SSN (0.5) stands alone, but not after a part label.
    expect(found('219-09-9999')).toEqual(['ssn:219-09-9999']);
    expect(found('Part 219-09-9999')).toEqual([]);
  });
});
