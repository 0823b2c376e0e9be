import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, outageFailure } from './outage.js';
import { StorageFault } from '@hub/runtime';
import { STORAGE_FULL, STORAGE_UNAVAILABLE } from '@hub/proto';

const unavailable = { kind: 'unavailable', message: DATABASE_UNAVAILABLE };

describe('which errors are a database outage (503), not a bug (500)', () => {
  it('takes the socket codes, PostgreSQL shutdown codes and pg messages of a lost connection', () => {
    expect(outageFailure(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toEqual(
      unavailable,
    );
    const crash = Object.assign(new Error('terminating connection'), { code: '57P02' });
    expect(outageFailure(new QueryFailedError('INSERT', [], crash))).toEqual(unavailable);
    expect(outageFailure(new Error('Connection terminated unexpectedly'))).toEqual(unavailable);
    expect(outageFailure(new Error('Client was closed and is not queryable'))).toEqual(unavailable);
  });

  it('takes a query runner TypeORM released when PostgreSQL went away mid-save', () => {
    expect(outageFailure(new QueryRunnerAlreadyReleasedError())).toEqual(unavailable);
  });

  it('leaves every other error to be a bug', () => {
    expect(outageFailure(new Error('Cannot read properties of undefined'))).toBeNull();
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(outageFailure(new QueryFailedError('INSERT', [], unique))).toBeNull();
  });
});

describe('object store faults a service meets', () => {
  it('answers them as the store away (503) or full (507), never as the database', () => {
    const refused = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(outageFailure(new StorageFault('unavailable', refused))).toEqual({
      kind: 'unavailable',
      message: STORAGE_UNAVAILABLE,
    });
    const full = Object.assign(new Error('write'), { code: 'ENOSPC' });
    expect(outageFailure(new StorageFault('full', full))).toEqual({
      kind: 'storage_full',
      message: STORAGE_FULL,
    });
  });
});
