import type { Readable } from 'node:stream';
import { skillsRpc } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { emailDomain } from '../organizations/email-domain.js';
import { readPeopleCsv, type SheetRow } from './csv-rows.js';
import {
  checkRow,
  type ExistingUser,
  indexJobFunctions,
  type JobFunctionIndex,
  type RowVerdict,
} from './row-rules.js';

/** Lines checked together: one lookup of their emails a batch. */
const BATCH_ROWS = 250;

export interface SheetCheck {
  organizationId: number;
  actorUserId: number;
  jobFunctions: JobFunctionIndex;
  lookup(emails: string[]): Promise<Map<string, ExistingUser>>;
  /** The organizations holding these domains (OrganizationsRepository.domainOwners). */
  owners(domains: string[]): Promise<Map<string, number>>;
  /** Lines already applied: their emails still count for duplicates, their verdicts are not made again. */
  skip?: ReadonlySet<number>;
}

export async function jobFunctionIndex(rpc: RpcClient, organizationId: number) {
  const { jobFunctions } = await rpc.call(skillsRpc.jobFunctionDirectory, { organizationId });
  return indexJobFunctions(jobFunctions);
}

async function* batches(rows: AsyncIterable<SheetRow>): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** The file's verdicts, a batch at a time, streamed from the file as it is read. */
export async function* checkSheet(file: Readable, check: SheetCheck): AsyncGenerator<RowVerdict[]> {
  const seen = new Map<string, number>();
  for await (const batch of batches(readPeopleCsv(file))) {
    const fresh = batch.filter((line) => {
      if (!check.skip?.has(line.row)) return true;
      const email = line.cells.email.toLowerCase();
      if (!seen.has(email)) seen.set(email, line.row);
      return false;
    });
    const emails = [
      ...new Set(fresh.map((line) => line.cells.email.toLowerCase()).filter(Boolean)),
    ];
    const [existing, domainOwners] = await Promise.all([
      check.lookup(emails),
      check.owners([...new Set(emails.map(emailDomain))]),
    ]);
    const context = { ...check, existing, domainOwners, seen };
    yield fresh.map((line) => checkRow(line, context));
  }
}
