import { describe, expect, it } from 'vitest';
import { ZSaveWebhookEndpointBody, WEBHOOK_MESSAGES } from './webhook-schemas.ts';
import { webhookUrlProblem, WEBHOOK_URL_MESSAGES as M } from './webhook-urls.ts';

describe('webhookUrlProblem', () => {
  it.each<[string, boolean, string | null]>([
    ['https://hooks.example.com/bastion', false, null],
    ['https://hooks.example.com:8443/in?x=1', false, null],
    ['https://10.0.0.5/hook', false, null],
    ['', false, M.missing],
    ['hooks.example.com/bastion', false, M.invalid],
    ['/relative', false, M.invalid],
    ['ftp://hooks.example.com/', false, M.invalid],
    ['javascript:alert(1)', true, M.invalid],
    ['http://hooks.example.com/', false, M.notHttps],
    ['http://hooks.example.com/', true, null],
    ['https://user:pass@hooks.example.com/', false, M.credentials],
    ['https://token@hooks.example.com/', true, M.credentials],
    [`https://hooks.example.com/${'a'.repeat(2000)}`, false, M.tooLong],
    ['https://localhost/hook', false, M.local],
    ['https://api.localhost/hook', false, M.local],
    ['https://LOCALHOST./hook', false, M.local],
    ['https://127.0.0.1/hook', false, M.local],
    ['https://127.1.2.3:9000/hook', false, M.local],
    ['https://2130706433/hook', false, M.local],
    ['https://0.0.0.0/hook', false, M.local],
    ['https://169.254.169.254/latest', false, M.local],
    ['https://[::1]/hook', false, M.local],
    ['https://[::]/hook', false, M.local],
    ['https://[fe80::1]/hook', false, M.local],
    ['https://[::ffff:127.0.0.1]/hook', false, M.local],
    ['https://[2001:db8::1]/hook', false, null],
    ['http://127.0.0.1:4000/hook', true, null],
  ])('%s (http allowed: %s)', (url, allowHttp, expected) => {
    expect(webhookUrlProblem(url, { allowHttp })).toBe(expected);
  });
});

describe('ZSaveWebhookEndpointBody', () => {
  const messagesOf = (body: unknown) => {
    const parsed = ZSaveWebhookEndpointBody.safeParse(body);
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it.each<[string, unknown, string[]]>([
    ['a new endpoint', { url: 'https://h.example.com/', events: ['quote.accepted'] }, []],
    [
      'no events',
      { url: 'https://h.example.com/', events: [] },
      [`events: ${WEBHOOK_MESSAGES.eventsMissing}`],
    ],
    [
      'an unknown event',
      { url: 'https://h.example.com/', events: ['quote.deleted'] },
      [`events.0: ${WEBHOOK_MESSAGES.eventUnknown}`],
    ],
    [
      'the test event cannot be subscribed to',
      { url: 'https://h.example.com/', events: ['webhook.test'] },
      [`events.0: ${WEBHOOK_MESSAGES.eventUnknown}`],
    ],
    ['a bad address', { url: 'nope', events: ['quote.accepted'] }, [`url: ${M.invalid}`]],
    [
      'a change without its version',
      {
        id: '00000000-0000-4000-8000-000000000000',
        url: 'https://h.example.com/',
        events: ['quote.accepted'],
      },
      ['version: Send the version you read.'],
    ],
    [
      'a long description',
      { url: 'https://h.example.com/', events: ['quote.accepted'], description: 'x'.repeat(501) },
      [`description: ${WEBHOOK_MESSAGES.descriptionTooLong}`],
    ],
  ])('%s', (_label, body, expected) => {
    expect(messagesOf(body)).toEqual(expected);
  });
});
