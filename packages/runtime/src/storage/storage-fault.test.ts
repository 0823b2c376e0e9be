import { describe, expect, it } from 'vitest';
import { STORAGE_FULL, STORAGE_UNAVAILABLE } from '@hub/proto';
import { asStorageFault, isStorageFault, StorageFault, storageFaultOf } from './storage-fault.js';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('storage faults', () => {
  it('tells a full store from one that cannot be reached', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'XMinioStorageFull']) {
      expect(storageFaultOf(coded(code))).toBe('full');
    }
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EROFS', 'EIO', 'SlowDown']) {
      expect(storageFaultOf(coded(code))).toBe('unavailable');
    }
    const wrapped = new Error('fetch failed', { cause: coded('ECONNREFUSED') });
    expect(storageFaultOf(wrapped)).toBe('unavailable');
  });

  it('leaves every other error alone: a missing key or a bug is no fault of the store', () => {
    for (const error of [coded('ENOENT'), coded('NoSuchKey'), new Error('Unsafe storage key'), 7]) {
      expect(storageFaultOf(error)).toBeNull();
      expect(asStorageFault(error)).toBe(error);
    }
  });

  it('says what happened in a sentence for a person, and is recognised by name and kind', () => {
    const full = asStorageFault(coded('ENOSPC'));
    expect(full).toBeInstanceOf(StorageFault);
    expect((full as StorageFault).message).toBe(STORAGE_FULL);
    expect((asStorageFault(coded('ECONNREFUSED')) as Error).message).toBe(STORAGE_UNAVAILABLE);
    // As another copy of the module would make it (the gateway and a service may each load one).
    const foreign = Object.assign(new Error(STORAGE_FULL), { name: 'StorageFault', fault: 'full' });
    expect(isStorageFault(foreign)).toBe(true);
    expect(isStorageFault(coded('ENOSPC'))).toBe(false);
  });
});
