import { PASSWORD_RULES } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { ChangePasswordForm } from './ChangePasswordForm';

describe('the change password form', () => {
  it("lists the new password's rules before it is submitted", () => {
    const html = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(ChangePasswordForm),
      ),
    );
    const checklist = /data-testid="password-checklist"[^>]*>(.*?)<\/ul>/.exec(html);
    expect(checklist?.[1]?.match(/<li/g)).toHaveLength(PASSWORD_RULES.length);
  });
});
