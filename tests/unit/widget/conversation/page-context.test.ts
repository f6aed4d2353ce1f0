/**
 * What the assistant is told about the page (page-context.ts): origin + path only, merged under
 * the owner's own variable values, and the silent message after a rejoin.
 */
import { expect, test } from 'vitest';
import { pageChangeMessage, pageContextOf, withPageContext } from '../../../../widget/src/conversation/page-context.ts';

const location = { origin: 'https://shop.example', pathname: '/guides/setup', search: '?token=secret', hash: '#me' };

test('the path is origin + pathname: never the query string or the fragment', () => {
  const context = pageContextOf(location, 'Setup guide');
  expect(context, 'title, path without query').toEqual({
    pageTitle: 'Setup guide',
    pagePath: 'https://shop.example/guides/setup',
  });
  expect(JSON.stringify(context), 'no token').not.toContain('secret');
  expect(pageContextOf(location, 'x'.repeat(300)).pageTitle, 'long titles cut').toHaveLength(200);
});

test('merged into the overrides’ variableValues; the owner’s values win; other overrides kept', () => {
  const context = pageContextOf(location, 'Setup guide');
  expect(withPageContext({ assistantId: 'a1' }, context), 'added').toEqual({
    assistantId: 'a1',
    assistantOverrides: { variableValues: context },
  });
  const owner = {
    assistantId: 'a1',
    assistantOverrides: { firstMessage: 'Hi', variableValues: { pageTitle: 'Owner title', plan: 'pro' } },
  };
  expect(withPageContext(owner, context), 'owner wins').toEqual({
    assistantId: 'a1',
    assistantOverrides: {
      firstMessage: 'Hi',
      variableValues: { pageTitle: 'Owner title', pagePath: context.pagePath, plan: 'pro' },
    },
  });
  expect(owner.assistantOverrides.variableValues, 'the owner’s object is not changed').toEqual({
    pageTitle: 'Owner title',
    plan: 'pro',
  });
  expect(withPageContext({ workflowId: 'w1' }, context), 'a workflow: its overrides').toEqual({
    workflowId: 'w1',
    workflowOverrides: { variableValues: context },
  });
  expect(withPageContext({ squadId: 's1' }, context), 'a squad: unchanged').toEqual({ squadId: 's1' });
});

test('the page-change message is a system message naming the page', () => {
  expect(pageChangeMessage(pageContextOf(location, 'Setup guide'))).toEqual({
    role: 'system',
    content:
      'The visitor opened another page of the site during the call: "Setup guide" (https://shop.example/guides/setup).',
  });
});
