import { describe, expect, it } from 'vitest';
import { ImageBudget } from './image-budget.ts';

// Review N12: image pixels decoded per user per minute.
describe('ImageBudget', () => {
  it('takes images until the minute is spent, per user, and starts again the next minute', () => {
    let now = 1_000_000;
    const budget = new ImageBudget(100, () => now);
    budget.take('jordan', 60);
    budget.take('jordan', 40);
    expect(() => budget.take('jordan', 1)).toThrow(
      'You sent many large images in the last minute. Please wait 60 seconds and try again.',
    );
    // A refused image counts nothing; another user has a budget of their own.
    budget.take('sam', 100);
    now += 45_000;
    expect(() => budget.take('jordan', 1)).toThrow(/Please wait 15 seconds/);
    now += 15_000;
    budget.take('jordan', 100);
  });

  it('lets one image use a whole minute, even a larger one (the pixel limit caps it)', () => {
    const budget = new ImageBudget(100, () => 0);
    budget.take('jordan', 150);
    expect(() => budget.take('jordan', 1)).toThrow(/Please wait/);
  });

  it('answers 429', () => {
    const budget = new ImageBudget(1, () => 0);
    budget.take('jordan', 1);
    const refusal = (() => {
      try {
        budget.take('jordan', 1);
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toMatchObject({ statusCode: 429 });
  });
});
