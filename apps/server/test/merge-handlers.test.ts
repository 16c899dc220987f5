import { describe, expect, it } from 'vitest';
import { type Handlers, mergeHandlers } from '../src/core/handler';

const answer = (n: number) => (async () => ({ n })) as never;

describe('mergeHandlers (the routes of every module as one map)', () => {
  it('keeps every call of every group', () => {
    const a: Handlers = { 'merchant/offer/list': answer(1) };
    const b: Handlers = { 'merchant/product/list': answer(2) };
    expect(Object.keys(mergeHandlers(a, b))).toEqual(['merchant/offer/list', 'merchant/product/list']);
  });

  it('throws at start when two modules answer the same call', () => {
    const a: Handlers = { 'merchant/offer/list': answer(1) };
    const b: Handlers = { 'merchant/product/list': answer(2), 'merchant/offer/list': answer(3) };
    expect(() => mergeHandlers(a, b)).toThrow('Two handlers for merchant/offer/list');
  });
});
