import { GoogleGenerativeAIRequestInputError } from '@google/generative-ai';
import { type EvaluationDraft, FAILURE_REASONS, failureReasonOf } from '@hub/proto';
import { createServer as createHttpServer } from 'node:http';
import {
  type AddressInfo,
  createServer as createNetServer,
  type Server as NetServer,
} from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGemini } from '../../test-support/fake-gemini.ts';
import { FOOD_SAFETY_MARKDOWN, POLLO_MARKDOWN } from '../../test-support/sops.ts';
import { GenerationFailure } from '../evaluation-generator.ts';
import { GeminiGenerator, providerFailure } from './gemini-generator.ts';

const ADMIN_PROMPT = 'Focus on food safety; write for line cooks. Marker: PROMPT-7f3a.';

const goodDraft: EvaluationDraft = {
  title: 'Evaluation: Cooking and Cooling Chicken',
  description: 'Checks the cooking and cooling of chicken.',
  questions: [
    {
      text: 'What core temperature must cooked chicken reach?',
      category: 'Quality',
      options: ['63 °C', '75 °C', '80 °C', '70 °C'],
      correctIndex: 1,
      explanation: 'Step 2 of "Cooking" requires 75 °C for at least 30 seconds.',
      sourcePassage:
        'Cook the chicken until the core temperature reaches 75 °C for at least 30 seconds.',
    },
  ],
  keyLearningPoints: ['Cook chicken to 75 °C.'],
};

const input = {
  title: 'Cooking and Cooling Chicken',
  markdown: FOOD_SAFETY_MARKDOWN,
  text: '',
  prompt: ADMIN_PROMPT,
};

/** What a draft asks, whatever the order of each question's options: each one's right answer. */
const asked = (draft: EvaluationDraft) => ({
  ...draft,
  questions: draft.questions.map(({ options, correctIndex, ...question }) => ({
    ...question,
    options: [...options].sort(),
    answer: options[correctIndex],
  })),
});

describe('the Gemini generator against a server speaking the Gemini REST API', () => {
  const gemini = new FakeGemini();
  let baseUrl: string;
  const generator = (extra: { maxChunkChars?: number; attempts?: number } = {}) =>
    new GeminiGenerator({ apiKey: 'test-key', model: 'gemini-test', baseUrl, ...extra });

  beforeAll(async () => {
    baseUrl = await gemini.start();
  });
  afterAll(() => gemini.stop());
  beforeEach(() => {
    gemini.calls.length = 0;
  });

  it('sends the administrator prompt and the SOP, asks for JSON, and returns the draft', async () => {
    gemini.reply(FakeGemini.answer(JSON.stringify(goodDraft)));
    const result = await generator().generate(input);

    expect(asked(result.draft)).toEqual(asked(goodDraft));
    expect(result).toMatchObject({ generator: 'gemini', generatorModel: 'gemini-test' });
    expect(result.promptUsed).toContain(ADMIN_PROMPT);
    expect(gemini.calls).toHaveLength(1);
    const [call] = gemini.calls;
    expect(call!.path).toBe('/v1beta/models/gemini-test:generateContent');
    expect(call!.apiKey).toBe('test-key');
    const body = JSON.parse(call!.body) as {
      systemInstruction: { parts: { text: string }[] };
      contents: { parts: { text: string }[] }[];
      generationConfig: { responseMimeType: string; responseSchema: { type: string } };
    };
    expect(body.systemInstruction.parts[0]!.text).toContain(ADMIN_PROMPT);
    expect(body.contents[0]!.parts[0]!.text).toContain(
      'Cook the chicken until the core temperature reaches 75 °C for at least 30 seconds.',
    );
    expect(body.generationConfig.responseMimeType).toBe('application/json');
    expect(body.generationConfig.responseSchema.type).toBe('object');
  });

  it("asks for the evaluation in the SOP's own language", async () => {
    gemini.reply(FakeGemini.answer(JSON.stringify(goodDraft)));
    await generator().generate({ ...input, title: 'Pollo', markdown: POLLO_MARKDOWN });
    const spanish = JSON.parse(gemini.calls[0]!.body) as {
      systemInstruction: { parts: { text: string }[] };
    };
    expect(spanish.systemInstruction.parts[0]!.text).toContain(
      'The SOP is written in Spanish: write the title, the description, every question',
    );
    gemini.reply(FakeGemini.answer(JSON.stringify(goodDraft)));
    await generator().generate(input);
    const english = JSON.parse(gemini.calls[1]!.body) as typeof spanish;
    expect(english.systemInstruction.parts[0]!.text).toContain('The SOP is written in English');
  });

  it('asks again after a malformed answer, and fails with the reason after three', async () => {
    gemini.reply(
      FakeGemini.answer('Sure! Here is your quiz: {'),
      FakeGemini.answer(JSON.stringify({ ...goodDraft, questions: [] })),
      FakeGemini.answer(
        JSON.stringify({
          ...goodDraft,
          questions: [
            { ...goodDraft.questions[0], options: ['75 °C', 'All of the above', '80 °C'] },
          ],
        }),
      ),
    );
    const failure = await generator()
      .generate(input)
      .catch((error: unknown) => error);

    expect(gemini.calls).toHaveLength(3);
    expect(failure).toBeInstanceOf(GenerationFailure);
    // The last answer's problem in the catalog's words, not the answer's own (its question).
    const { message } = failure as GenerationFailure;
    expect(message).toBe(
      `The AI answer was not a valid evaluation: ${FAILURE_REASONS.quiz_draft_catch_all}`,
    );
    expect(message).not.toContain('What core temperature');
    expect((failure as GenerationFailure).retryable).toBe(false);
    // A reason the web app words whole in its reader's language, its detail included.
    expect(failureReasonOf(message)).toEqual({
      code: 'quiz_ai_invalid',
      params: { detail: FAILURE_REASONS.quiz_draft_catch_all },
    });
    expect(failureReasonOf(FAILURE_REASONS.quiz_draft_catch_all)?.code).toBe(
      'quiz_draft_catch_all',
    );
  });

  const question = goodDraft.questions[0]!;
  const withQuestions = (...questions: unknown[]) =>
    FakeGemini.answer(JSON.stringify({ ...goodDraft, questions }));
  const blocked = {
    status: 200,
    body: {
      candidates: [
        { content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'SAFETY', index: 0 },
      ],
    },
  };
  const promptBlocked = { status: 200, body: { promptFeedback: { blockReason: 'OTHER' } } };
  it.each([
    ['an answer that is not JSON', FakeGemini.answer('Sure! Here is your quiz: {'), 'not_json'],
    ['an empty answer', FakeGemini.answer('  '), 'none'],
    ['an answer blocked by the provider', blocked, 'none'],
    ['a request whose answer the provider blocked', promptBlocked, 'none'],
    ['an evaluation without questions', withQuestions(), 'no_questions'],
    ['a question without options', withQuestions({ ...question, options: [] }), 'bad_shape'],
    [
      'a question whose answer is none of its options',
      withQuestions({ ...question, correctIndex: 7 }),
      'bad_shape',
    ],
    [
      'a question repeating an option',
      withQuestions({ ...question, options: ['75 °C', '80 °C', '75 °C'] }),
      'repeated_option',
    ],
    [
      'a question repeating an option but for its spaces',
      withQuestions({ ...question, options: ['75 °C', '80 °C', '75  °C'] }),
      'repeated_option',
    ],
    [
      'a question with a catch-all option',
      withQuestions({ ...question, options: ['75 °C', 'None of the above', '80 °C'] }),
      'catch_all',
    ],
    [
      'a question without explanation',
      withQuestions({ ...question, explanation: ' ' }),
      'no_explanation',
    ],
    ['a question asked twice', withQuestions(question, question), 'repeated_question'],
  ] as const)('words %s by a catalog sentence', async (_name, reply, kind) => {
    const cause =
      kind === 'not_json' || kind === 'none'
        ? FAILURE_REASONS[`quiz_answer_${kind}`]
        : FAILURE_REASONS[`quiz_draft_${kind}`];
    gemini.reply(reply);
    const failure = await generator({ attempts: 1 })
      .generate(input)
      .catch((error: unknown) => error);

    expect(gemini.calls).toHaveLength(1);
    expect(failure).toMatchObject({
      name: 'GenerationFailure',
      retryable: false,
      message: `The AI answer was not a valid evaluation: ${cause}`,
    });
    expect(cause).toEqual(expect.any(String));
    expect(failureReasonOf(cause)).toBeDefined();
  });

  it('accepts a good answer after a bad one', async () => {
    gemini.reply(FakeGemini.answer('not json'), FakeGemini.answer(JSON.stringify(goodDraft)));
    const result = await generator().generate(input);
    expect(asked(result.draft)).toEqual(asked(goodDraft));
    expect(gemini.calls).toHaveLength(2);
  });

  /** A model puts the right answer first (or second) most of the time: an operator learns where. */
  it("moves each question's right answer to a place of its own", async () => {
    const answerFirst: EvaluationDraft = {
      ...goodDraft,
      questions: Array.from({ length: 8 }, (_, index) => ({
        ...goodDraft.questions[0]!,
        text: `What is step ${index + 1} of cooking chicken?`,
        options: [`Right ${index}`, `Wrong ${index}a`, `Wrong ${index}b`, `Wrong ${index}c`],
        correctIndex: 0,
      })),
    };
    gemini.reply(FakeGemini.answer(JSON.stringify(answerFirst)));
    const { draft } = await generator().generate(input);

    expect(asked(draft)).toEqual(asked(answerFirst));
    expect(new Set(draft.questions.map((question) => question.correctIndex)).size).toBeGreaterThan(
      1,
    );
    gemini.reply(FakeGemini.answer(JSON.stringify(answerFirst)));
    expect((await generator().generate(input)).draft).toEqual(draft);
  });

  it.each([
    [429, 'Resource has been exhausted (e.g. check quota).', FAILURE_REASONS.ai_said_limit, true],
    [500, 'Internal error encountered.', FAILURE_REASONS.ai_said_overloaded, true],
    [
      403,
      'API key not valid. Please pass a valid API key.',
      FAILURE_REASONS.ai_said_no_access,
      false,
    ],
  ])(
    "turns HTTP %i into a failure in the catalog's words",
    async (status, message, cause, retryable) => {
      gemini.reply(FakeGemini.error(status, message));
      const failure = await generator()
        .generate(input)
        .catch((error: unknown) => error);

      expect(gemini.calls).toHaveLength(1);
      expect(failure).toBeInstanceOf(GenerationFailure);
      expect((failure as GenerationFailure).message).toBe(
        `The AI provider refused the request (HTTP ${status}): ${cause}`,
      );
      expect((failure as GenerationFailure).retryable).toBe(retryable);
    },
  );

  it('splits a long SOP into chunks and merges their questions without duplicates', async () => {
    const second: EvaluationDraft = {
      ...goodDraft,
      questions: [
        goodDraft.questions[0]!,
        {
          ...goodDraft.questions[0]!,
          text: 'Within what time must chicken cool from 60 °C to 21 °C?',
          options: ['1 hour', '2 hours', '4 hours'],
          correctIndex: 1,
        },
      ],
      keyLearningPoints: ['Cook chicken to 75 °C.', 'Cool to 21 °C within 2 hours.'],
    };
    gemini.reply(
      ...Array.from({ length: 10 }, (_, i) =>
        FakeGemini.answer(JSON.stringify(i === 1 ? second : goodDraft)),
      ),
    );
    const result = await generator({ maxChunkChars: 600 }).generate(input);

    expect(gemini.calls.length).toBeGreaterThan(1);
    for (const call of gemini.calls) expect(call.body).toContain('PROMPT-7f3a');
    expect(result.draft.questions.map((q) => q.text)).toEqual([
      'What core temperature must cooked chicken reach?',
      'Within what time must chicken cool from 60 °C to 21 °C?',
    ]);
    expect(result.draft.keyLearningPoints).toEqual([
      'Cook chicken to 75 °C.',
      'Cool to 21 °C within 2 hours.',
    ]);
    gemini.reply();
  });
});

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The server listening on a local port, stopped after the tests: its base URL. */
async function listening(server: NetServer, stops: (() => Promise<void>)[]): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the AI provider not reached, said by the socket's failure the SDK hides", () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });
  const generate = (baseUrl: string) =>
    new GeminiGenerator({ apiKey: 'test-key', model: 'gemini-test', baseUrl }).generate(input);
  const unreachable = (cause: string) => ({
    name: 'GenerationFailure',
    retryable: true,
    message: `The AI provider could not be reached: ${cause}`,
  });

  it('a refused connection', async () => {
    await expect(generate(`http://127.0.0.1:${await closedPort()}`)).rejects.toMatchObject(
      unreachable(FAILURE_REASONS.network_refused),
    );
  });

  it('a name that does not resolve', async () => {
    await expect(generate('http://gemini-provider.invalid')).rejects.toMatchObject(
      unreachable(FAILURE_REASONS.network_unresolved),
    );
  });

  it('a connection reset, or cut before the answer', async () => {
    const resets = createNetServer((socket) => socket.on('data', () => socket.resetAndDestroy()));
    await expect(generate(await listening(resets, stops))).rejects.toMatchObject(
      unreachable(FAILURE_REASONS.network_reset),
    );
    const cuts = createNetServer((socket) => socket.on('data', () => socket.destroy()));
    await expect(generate(await listening(cuts, stops))).rejects.toMatchObject(
      unreachable(FAILURE_REASONS.network_reset),
    );
  });

  it('a connection cut within the answer', async () => {
    const server = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"candidates":', () => response.socket?.destroy());
    });
    await expect(generate(await listening(server, stops))).rejects.toMatchObject(
      unreachable(FAILURE_REASONS.network_reset),
    );
  });

  it('a secure connection that fails (https to a server speaking plain HTTP)', async () => {
    const server = createHttpServer((_request, response) => response.end('{}'));
    const base = (await listening(server, stops)).replace('http:', 'https:');
    await expect(generate(base)).rejects.toMatchObject(unreachable(FAILURE_REASONS.network_tls));
  });
});

describe('a request the AI provider did not take', () => {
  it('is refused by its status when the provider answered 400', async () => {
    const gemini = new FakeGemini();
    const baseUrl = await gemini.start();
    try {
      gemini.reply(FakeGemini.error(400, 'Request contains an invalid argument.'));
      await expect(
        new GeminiGenerator({ apiKey: 'test-key', model: 'gemini-test', baseUrl }).generate(input),
      ).rejects.toMatchObject({
        retryable: false,
        message: `The AI provider refused the request (HTTP 400): ${FAILURE_REASONS.ai_said_not_accepted}`,
      });
    } finally {
      await gemini.stop();
    }
  });

  it('is no network failure when the SDK would not send it', () => {
    const invalid = new GoogleGenerativeAIRequestInputError(
      'Cannot set reserved header name x-goog-api-client',
    );
    expect(providerFailure(invalid)).toMatchObject({
      name: 'GenerationFailure',
      retryable: false,
      message: `The evaluation could not be generated: ${FAILURE_REASONS.ai_request_invalid}`,
    });
  });
});
