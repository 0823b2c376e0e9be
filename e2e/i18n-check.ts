import type { Page } from 'playwright-core';

/**
 * The check of the pseudo-locale walk (issue #46): in the pseudo-locale (web/src/i18n/pseudo.ts)
 * every text from the catalog is wrapped in ⟦…⟧, so a text shown outside those marks did not go
 * through the catalog, unless it is the organization's data or a date or a figure.
 *
 * The data is recognised by where it came from, not by a list the test keeps: every string of
 * every JSON answer the page received from the API (recordApiStrings) is data, whichever test
 * or record made it (the super administrator sees every organization of the shared stack). An
 * identifier-like value (`in_progress`, `operator`) is not: shown as such it is an enum the page
 * forgot to translate. Dates and figures are digits and punctuation, or the words
 * Intl writes in English (month and day names, AM/PM, "ago"), which the pseudo-locale formats in.
 * The price: an English text the server sends and the page shows as it came (an error message)
 * passes; the server's texts are checked by its own catalog's tests.
 */

/** An init script: keeps every string of the JSON answers of the page's fetches. */
export function recordApiStrings() {
  const strings = new Set<string>();
  Object.assign(window, { apiStrings: strings });
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.add(value.trim());
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const original = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await original(...args);
    if (response.headers.get('content-type')?.includes('json')) {
      void response
        .clone()
        .json()
        .then(collect)
        .catch(() => undefined);
    }
    return response;
  };
}

/**
 * Texts a page shows outside the pseudo-locale's marks that are neither data nor dates: each
 * text node the browser lays out (and the placeholder, aria-label and title of each element it
 * shows), its marks counted across the inline elements of one block (a `<Trans>` message spans
 * several), what is left once the API's strings are taken out.
 */
export const untranslatedTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const OPEN = '⟦';
    const CLOSE = '⟧';
    const api = (window as unknown as { apiStrings: Set<string> }).apiStrings;
    const identifier = /^[a-z]+(_[a-z]+)*$/;
    const data = [...api]
      .filter((text) => /\p{L}/u.test(text) && !identifier.test(text))
      .sort((a, b) => b.length - a.length);
    const intlWords = new Set<string>();
    const addWords = (text: string) => {
      for (const word of text.split(/[^\p{L}]+/u)) if (word) intlWords.add(word.toLowerCase());
    };
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2024, month, 1 + month);
      for (const style of ['long', 'short'] as const) {
        addWords(new Intl.DateTimeFormat('en', { month: style, weekday: style }).format(date));
      }
      addWords(
        new Intl.DateTimeFormat('en', { hour: 'numeric', timeZoneName: 'short' }).format(date),
      );
      addWords(new Intl.DateTimeFormat('en', { hour: 'numeric' }).format(new Date(2024, 0, 1, 13)));
    }
    const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;
    for (const numeric of ['auto', 'always'] as const) {
      for (const style of ['long', 'short'] as const) {
        const relative = new Intl.RelativeTimeFormat('en', { numeric, style });
        for (const unit of units)
          for (const value of [-2, -1, 0, 1, 2]) addWords(relative.format(value, unit));
      }
    }
    const explained = (text: string) => {
      // A part of one (a title a chart wraps over two lines, a paragraph of an SOP's text), or
      // its beginning cut with an ellipsis (a chart's axis label).
      const shown = text.endsWith('…') ? text.slice(0, -1).trimEnd() : text;
      if (data.some((one) => one.includes(shown))) return true;
      let rest = text;
      // Whole words only: a one-letter answer option ('A', 'D') taken out of 'Apr 2026' or
      // 'Dec 6, 2026' left 'pr' and 'ec', which no date has.
      for (const one of data) {
        if (!rest.includes(one)) continue;
        const escaped = one.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        rest = rest.replace(new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, 'gu'), ' ');
      }
      const words = rest.split(/[^\p{L}]+/u).filter(Boolean);
      // Initials drawn from a name (an avatar's "MF") are data too.
      return words.every(
        (word) => intlWords.has(word.toLowerCase()) || /^\p{Lu}{1,2}$/u.test(word),
      );
    };
    const blockOf = (node: Node): Element | null => {
      for (let up = node.parentElement; up; up = up.parentElement) {
        if (!getComputedStyle(up).display.startsWith('inline')) return up;
      }
      return null;
    };
    const laidOut = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getClientRects().length > 0;
    };
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        // Recharts measures a label's width in a span of its own, kept in the body off screen
        // with the last label measured (a month of the language before): no one reads it.
        node.parentElement?.closest('script, style, noscript, template, #recharts_measurement_span')
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    });
    let depth = 0;
    let block: Element | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!text.trim()) continue;
      const here = blockOf(node);
      if (here !== block) [block, depth] = [here, 0];
      let outside = '';
      for (const character of text) {
        if (character === OPEN) depth += 1;
        else if (character === CLOSE) depth = Math.max(0, depth - 1);
        else if (depth === 0) outside += character;
      }
      if (/\p{L}/u.test(outside) && !explained(outside.trim()) && laidOut(node)) {
        found.add(text.trim().replace(/\s+/g, ' ').slice(0, 80));
      }
    }
    // What is read without being laid out as text: a field's placeholder, a button's name for a
    // screen reader, a tooltip. Checked on the elements shown, not those hidden from readers.
    const ATTRIBUTES = ['placeholder', 'aria-label', 'title'] as const;
    const selector = ATTRIBUTES.map((name) => `[${name}]`).join(', ');
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (element.closest('[aria-hidden="true"]') || element.getClientRects().length === 0)
        continue;
      for (const name of ATTRIBUTES) {
        const value = element.getAttribute(name) ?? '';
        // A tooltip giving a row's whole value (a device's user agent 'node') repeats data.
        if (name === 'title' && api.has(value.trim())) continue;
        if (/\p{L}/u.test(value) && !value.includes(OPEN) && !explained(value.trim())) {
          found.add(`${name} "${value.trim().replace(/\s+/g, ' ').slice(0, 80)}"`);
        }
      }
    }
    return [...found];
  });
