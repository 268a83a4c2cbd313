import { describe, expect, it } from 'vitest';
import { addReloader, othersChanged } from './reload';

describe("another page's change", () => {
  it('reloads the screens that reload themselves, and says so', () => {
    expect(othersChanged()).toBe(false);
    let reloaded = 0;
    const remove = addReloader(() => (reloaded += 1));
    expect(othersChanged()).toBe(true);
    expect(othersChanged()).toBe(true);
    expect(reloaded).toBe(2);
    // A screen taken down is not reloaded, and the next is drawn anew.
    remove();
    expect(othersChanged()).toBe(false);
    expect(reloaded).toBe(2);
  });
});
