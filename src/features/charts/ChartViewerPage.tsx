import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publicConfig } from '../../platform/public-config';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { Heading, Text } from '../../ui/Text';
import { paths } from '../../../core/routes/paths';
import * as styles from './ChartViewer.css';
import { ChartGraph } from './ChartGraph';
import { charts } from '../../../machines/charts';
import { FunnelView } from './FunnelView';
import type { ChartName } from '../../platform/live-state/chart-message';
import { subscribeChartStates } from '../../platform/live-state/live-channel';

/** The deepest active states only (`app.page.funnel`, not also `app` and `app.page`). */
function innermost(ids: readonly string[]): string[] {
  return ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));
}

type Mode = 'funnel' | 'graph';

/** A chart's latest state in another tab: its active ids, the address it puts the tab at, and when. */
interface LiveChart {
  ids: string[];
  path: string;
  at: number;
}

/**
 * The chart the funnel view follows now (#37.5): it draws two, the sign-up chart (the start page and
 * the code step) leading into the funnel chart; the visitor is in the one that moved last.
 */
function funnelChartNow(live: Partial<Record<ChartName, LiveChart>>): 'signup' | 'onboarding' {
  const { signup, onboarding } = live;
  return signup && (!onboarding || signup.at > onboarding.at) ? 'signup' : 'onboarding';
}

const nothingLive: ReadonlySet<string> = new Set();

/**
 * /inspect/charts: the sign-up funnel for the product owner (main path, plain names, the team's
 * numbers) and every chart of the product drawn whole by the product itself (elkjs, offline), with
 * the live state of another tab of this site highlighted (BroadcastChannel, see ./live-state.ts).
 * Off in production unless ENABLE_CHART_VIEWER is set; the numbers need the team's admin sign-in.
 */
export default function ChartViewerPage() {
  const { t } = useTranslation(['onboarding', 'charts']);
  const enabled = publicConfig().features.chartViewer;
  const [mode, setMode] = useState<Mode>('funnel');
  const [chart, setChart] = useState<ChartName>('onboarding');
  const [live, setLive] = useState<Partial<Record<ChartName, LiveChart>>>({});

  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeChartStates((message) => {
      // This tab runs the app chart too (it is on the viewer's page): the live state shown is another tab's.
      if (message.path === paths.charts.build()) return;
      setLive((all) => ({ ...all, [message.chart]: { ids: message.stateIds, path: message.path, at: message.at } }));
    });
  }, [enabled]);

  if (!enabled) {
    return (
      <Page width="narrow">
        <Heading>{t('charts.title')}</Heading>
        <Text>{t('charts.disabled')}</Text>
      </Page>
    );
  }
  const shownChart: ChartName = mode === 'funnel' ? funnelChartNow(live) : chart;
  const shown = live[shownChart];
  const active = new Set(shown?.ids ?? []);
  return (
    <Page width="wide">
      <Heading>{t('charts.title')}</Heading>
      <Text tone="muted">{t('charts.intro')}</Text>
      <div className={styles.toolbar} role="group" aria-label={t('charts:view.modes')}>
        {(['funnel', 'graph'] as const).map((name) => (
          <Button key={name} tone={mode === name ? 'primary' : 'secondary'} size="small" aria-pressed={mode === name} onClick={() => setMode(name)}>
            {t(`charts:view.${name}`)}
          </Button>
        ))}
      </div>
      <p role="status">
        {shown ? t('charts.live', { path: shown.path, states: innermost(shown.ids).join(', ') }) : t('charts.noLive')}
      </p>
      {mode === 'funnel' ? (
        <FunnelView live={shownChart === 'onboarding' ? active : nothingLive} signupLive={shownChart === 'signup' ? active : nothingLive} />
      ) : (
        <>
          <div className={styles.toolbar} role="group" aria-label={t('charts.choose')}>
            {(Object.keys(charts) as ChartName[]).map((name) => (
              <Button key={name} tone={chart === name ? 'primary' : 'secondary'} size="small" aria-pressed={chart === name} onClick={() => setChart(name)}>
                {t(`charts.names.${name}`)}
              </Button>
            ))}
          </div>
          <ChartGraph machine={charts[chart]} name={t(`charts.names.${chart}`)} active={active} />
        </>
      )}
    </Page>
  );
}
