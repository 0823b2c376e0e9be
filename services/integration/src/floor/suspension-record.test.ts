import { describe, expect, it } from 'vitest';
import { SuspensionRecord } from './suspension-record.js';

describe("the floor's record of suspended people", () => {
  it('names those of the people seen identity last said are suspended', () => {
    const record = new SuspensionRecord();
    record.learn(1, [5, 6, 7], [6]);
    expect(record.among(1, [5, 6, 8])).toEqual([6]);
    expect(record.among(2, [6])).toEqual([]);
  });

  it('forgets a suspension once identity answers the person is not suspended', () => {
    const record = new SuspensionRecord();
    record.learn(1, [6, 7], [6, 7]);
    record.learn(1, [6], []);
    expect(record.among(1, [6, 7])).toEqual([7]);
  });
});
