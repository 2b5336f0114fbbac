import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatWidgetSettings, loadChatWidget, resetChatWidgetForTests, updateChatWidget } from '../../../src/platform/widgets/chat-widget';
import { loadTagManager, resetTagManagerForTests } from '../../../src/platform/widgets/tag-manager';

/** Just enough of a document for the loaders: scripts appended to <head>. */
function fakeDocument() {
  const appended: Array<{ src: string; async: boolean }> = [];
  const win: Record<string, unknown> = {};
  const doc = {
    defaultView: win,
    head: { appendChild: (node: { src: string; async: boolean }) => appended.push(node) },
    createElement: () => ({ src: '', async: false, dataset: {} }),
  };
  return { appended, win, doc: doc as unknown as Document };
}

describe('chat widget (Intercom wire format)', () => {
  afterEach(() => {
    resetChatWidgetForTests();
    resetTagManagerForTests();
    vi.unstubAllGlobals();
  });

  it('builds settings aligned right with the SPEC §3 user and company attributes, skipping unknown values', () => {
    expect(
      chatWidgetSettings('app-1', {
        user: { user_id: 'u-1', email: 'ada@example.com', name: 'Ada Lovelace', phone: null },
        company: { company_id: 'c-1', name: 'Analytical Engines', plan: 'business', size: '2-10', website: 'https://ae.example', industry: 'construction', monthly_spend: 49, user_count: 3 },
      }),
    ).toEqual({
      app_id: 'app-1',
      alignment: 'right',
      user_id: 'u-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      company: { company_id: 'c-1', id: 'c-1', name: 'Analytical Engines', plan: 'business', size: '2-10', website: 'https://ae.example', industry: 'construction', monthly_spend: 49, user_count: 3 },
    });
  });

  it('loads nothing without an app id', () => {
    const { appended, doc } = fakeDocument();
    loadChatWidget(null, doc);
    loadTagManager(null, doc);
    expect(appended).toEqual([]);
  });

  it('boots from the standard script URL with what is already known, then sends updates', () => {
    const { appended, win, doc } = fakeDocument();
    vi.stubGlobal('window', win);
    updateChatWidget({ user: { user_id: 'u-2', email: 'b@example.com' } });
    loadChatWidget('app-2', doc);
    expect(appended.map((node) => node.src)).toEqual(['https://widget.intercom.io/widget/app-2']);
    expect(appended[0]!.async).toBe(true);
    expect(win.intercomSettings).toMatchObject({ app_id: 'app-2', alignment: 'right', user_id: 'u-2', email: 'b@example.com' });
    const queue = (win.Intercom as { q: unknown[][] }).q;
    expect(queue[0]?.[0]).toBe('boot');
    updateChatWidget({ company: { company_id: 'c-2', size: 'Just me' } });
    expect(win.intercomSettings).toMatchObject({ user_id: 'u-2', company: { company_id: 'c-2', id: 'c-2', size: 'Just me' } });
    expect(queue.at(-1)?.[0]).toBe('update');
    loadChatWidget('app-2', doc);
    expect(appended).toHaveLength(1);
  });

  it('loads the tag manager from its standard URL once', () => {
    const { appended, win, doc } = fakeDocument();
    loadTagManager('GTM-ABC1', doc);
    loadTagManager('GTM-ABC1', doc);
    expect(appended.map((node) => node.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC1']);
    expect(win.dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
  });
});
