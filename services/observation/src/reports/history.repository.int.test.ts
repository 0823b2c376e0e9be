import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { csvCell } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { messages } from '@hub/kit';
import { csvCellSql, historyHeader, historyWords } from './history-csv.js';
import { HistoryRepository } from './history.repository.js';

/** The history CSV is written by Postgres: the same text the one CSV writer (csvCell) makes. */
describe('observation history CSV pages', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 7;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO observations (id, organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark, score,
         passed, started_at, completed_at, duration_seconds)
       VALUES (7, $1, 1, 3, 'Cooling, "hot" food', '[1,2,3]', 21, '=Otto', 30, 'Sue', 'completed', 80,
               92.5, true, '2026-11-02T09:00:00.5709Z', '2026-11-02T09:12:00Z', 720),
              (8, $1, 1, 3, 'Ovens', '[1]', 22, 'Olga', 30, 'Sue', 'in_progress', 80, NULL, NULL,
               '2026-11-02T09:00:00Z', NULL, NULL),
              (9, $1, 1, 3, 'Fryer', '[]', 21, 'Otto', 30, 'Sue', 'completed', 80, 100.0, true,
               '2026-11-03T09:00:00Z', '2026-11-03T09:10:00Z', 600),
              (10, $1 + 1, 1, 3, 'Elsewhere', '[]', 99, 'Sam', 98, 'Ray', 'completed', 80, 90, true,
               '2026-11-03T09:00:00Z', '2026-11-03T09:10:00Z', 600)`,
      [ORG],
    );
    await db.query(
      `INSERT INTO observation_responses (observation_id, question_id, selected_option,
         selected_option_text, correct, time_spent_seconds, manager_notes)
       VALUES (7, 'q1', 'a', 'A', true, 5, ''), (7, 'q2', 'b', 'B', false, 5, '')`,
    );
    await db.query(
      `INSERT INTO findings (observation_id, organization_id, severity, category, note, status, created_by)
       VALUES (7, $1, 'low', 'safety', 'n', 'open', 30), (7, $1, 'low', 'safety', 'n', 'resolved', 30)`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('writes each row as csvLine would, empty cells for nulls, one page after the other', async () => {
    const history = new HistoryRepository(db);
    const english = messages('en').observationHistory;
    expect(historyHeader(english)).toBe(
      'Observation,Started,Completed,Status,SOP,Document,Operator,Observer,Questions,Answered,' +
        'Correct,Score %,Passed,Pass mark %,Duration (s),Findings,Open findings\r\n',
    );
    const words = historyWords(english, 'en');
    expect(await history.csvPage(ORG, null, 2, words)).toEqual({
      text:
        `7,2026-11-02T09:00:00.570Z,2026-11-02T09:12:00.000Z,completed,"Cooling, ""hot"" food",3,'=Otto,Sue,3,2,1,92.5,true,80,720,2,1\r\n` +
        `8,2026-11-02T09:00:00.000Z,,in_progress,Ovens,3,Olga,Sue,1,0,0,,,80,,0,0\r\n`,
      rows: 2,
      lastId: 8,
    });
    // The other organization's row is not in it; past the end: nothing.
    expect(await history.csvPage(ORG, 8, 2, words)).toEqual({
      text: `9,2026-11-03T09:00:00.000Z,2026-11-03T09:10:00.000Z,completed,Fryer,3,Otto,Sue,0,0,0,100,true,80,600,0,0\r\n`,
      rows: 1,
      lastId: 9,
    });
    expect(await history.csvPage(ORG, 9, 2, words)).toEqual({ text: '', rows: 0, lastId: null });
  });

  it("writes the header and the words of its cells in the reader's language", async () => {
    const spanish = messages('es').observationHistory;
    expect(historyHeader(spanish)).toBe(
      'Observación,Inicio,Fin,Estado,SOP,Documento,Operador,Observador,Preguntas,Respondidas,' +
        'Correctas,Puntuación %,Aprobada,Nota mínima %,Duración (s),Hallazgos,Hallazgos abiertos\r\n',
    );
    const page = await new HistoryRepository(db).csvPage(ORG, null, 3, historyWords(spanish, 'es'));
    // A score in the reader's digits, as the skills matrix CSV and the page write it: a
    // spreadsheet set to Spanish or French reads "92.5" as text or as 925.
    expect(page.text.split('\r\n').slice(0, 3)).toEqual([
      `7,2026-11-02T09:00:00.570Z,2026-11-02T09:12:00.000Z,Completada,"Cooling, ""hot"" food",3,'=Otto,Sue,3,2,1,"92,5",Sí,80,720,2,1`,
      `8,2026-11-02T09:00:00.000Z,,En curso,Ovens,3,Olga,Sue,1,0,0,,,80,,0,0`,
      `9,2026-11-03T09:00:00.000Z,2026-11-03T09:10:00.000Z,Completada,Fryer,3,Otto,Sue,0,0,0,100,Sí,80,600,0,0`,
    ]);
    const french = messages('fr').observationHistory;
    const inFrench = await new HistoryRepository(db).csvPage(
      ORG,
      null,
      1,
      historyWords(french, 'fr'),
    );
    expect(inFrench.text).toContain(`,3,2,1,"92,5",Oui,80,`);
  });

  it('quotes and guards text cells exactly as csvCell does', async () => {
    const values = [
      '',
      'plain',
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\rhere',
      '=1+2',
      '+x',
      '-y',
      '@z',
      '\tt',
      '\rr',
      "'q",
      'x=1',
      '=a,"b"',
      'ünï, cödé',
    ];
    const rows = (await db.query(
      `SELECT ${csvCellSql('v')} AS cell FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n`,
      [values],
    )) as { cell: string }[];
    expect(rows.map((row) => row.cell)).toEqual(values.map(csvCell));
  });
});
