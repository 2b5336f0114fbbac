import { useMemo, useState, type ReactNode } from 'react';
import type { FunnelChartNumbers } from '../../../core/contracts/analytics';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import { chartModel, type ChartModel, type ChartTransition } from './chart-model';
import { charts } from '../../../machines/charts';
import { funnelCards, leadInPlaces, liveLeadIn, type FunnelCard } from './funnel-cards';
import { foldNumbers, type FunnelPlace, type StepNumbers } from './funnel-map';
import * as styles from './Funnel.css';
import { FunnelFilters, type NumbersQuery } from './FunnelFilters';
import { FunnelStep, Move, Numbers, type StepView } from './FunnelStep';
import { codeName, labeller, stateCodeName, type Labeller } from './labels';
import { lastDays, useFunnelNumbers } from './use-funnel-numbers';

const funnel = chartModel(charts.onboarding);
const signup = chartModel(charts.signup);

/** Everything a search can find in a card: plain names and code names of it, its inner states and moves. */
function searchText(card: FunnelCard, model: ChartModel, labels: Labeller): string {
  const moveText = (transition: ChartTransition) =>
    [labels.event(transition.event), codeName(transition.event, transition.guard), transition.guard ? labels.guard(transition.guard) : '', labels.state(transition.target)].join(' ');
  return [card.id, ...card.inner, ...card.inner.map(labels.state), labels.state(card.id), stateCodeName(model, card.id), ...card.moves.map(moveText)].join(' ').toLowerCase();
}

/** The line between two steps: who went on from the previous counted step. */
function Connector({ place, numbers, folded, format }: { place: FunnelPlace | undefined; numbers: FunnelChartNumbers | undefined; folded: Map<string, StepNumbers>; format: StepView['format'] }) {
  const { t } = useTranslation('charts');
  const went = place ? numbers?.transitions.find((transition) => transition.to === place.step) : undefined;
  const step = place ? folded.get(place.state) : undefined;
  return (
    <div className={styles.connector} aria-hidden={went ? undefined : true}>
      {went && step ? <span className={styles.wentOn}>↓ {t('funnel.wentOn', { count: format.count(went.people), percent: format.percent(step.fromPrevious) })}</span> : '↓'}
    </div>
  );
}

/** The steps counted before the funnel chart starts: the sign-up chart's page view and code. */
function LeadIn({ view, folded, connector }: { view: StepView; folded: Map<string, StepNumbers>; connector: (place: FunnelPlace) => ReactNode }) {
  const { t } = useTranslation('charts');
  // The start page and the code step are the sign-up chart's: its live state marks one card.
  const here = liveLeadIn(view.model, leadInPlaces(), view.live);
  return (
    <>
      <h3 className={styles.sectionTitle}>{t('funnel.before')}</h3>
      <ol className={styles.path}>
        {leadInPlaces().map((place, index) => (
          <li key={place.step}>
            {index > 0 ? connector(place) : null}
            <div
              className={[styles.card, folded.size ? styles.cardCounted : '', here === place ? styles.cardLive : ''].filter(Boolean).join(' ')}
              data-state={place.state}
              data-active={here === place || undefined}
            >
              <div className={styles.cardHead}>
                <h3 className={styles.cardTitle}>{t(`funnelSteps.${place.step}`)}</h3>
                <span className={styles.code}>{place.event}</span>
              </div>
              {here === place ? <p className={styles.live}>{t('funnel.liveHere')}</p> : null}
              {folded.get(place.state) ? <Numbers numbers={folded.get(place.state)!} view={view} /> : null}
              <ul className={styles.moves}>
                {place.transition ? (
                  <Move transition={{ ...place.transition, guard: null, order: 0 }} view={view} />
                ) : (
                  <li className={styles.move}>
                    {view.labels.state(place.state)} <span className={styles.code}>{stateCodeName(signup, place.state)}</span>
                  </li>
                )}
              </ul>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The funnel for the product owner: the onboarding chart's main path as a column of steps, each with
 * its plain name, code name and (for the team) how many people reached it, went on and left, for the
 * period and first touch chosen. Inner states and side moves stay folded until opened or searched.
 */
export function FunnelView({ live, signupLive }: { live: ReadonlySet<string>; signupLive: ReadonlySet<string> }) {
  const { t, i18n } = useTranslation('charts');
  const [query, setQuery] = useState<NumbersQuery>(() => lastDays(7));
  const [search, setSearch] = useState('');
  const state = useFunnelNumbers(query);
  const labels = useMemo(() => labeller(t), [t]);
  const cards = useMemo(() => funnelCards(funnel), []);
  const numbers = state.status === 'ready' ? state.numbers : undefined;
  const folded = useMemo(() => (numbers ? foldNumbers(numbers) : new Map<string, StepNumbers>()), [numbers]);
  const format = useMemo(() => {
    const counts = new Intl.NumberFormat(i18n.language);
    const percents = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
    return { count: (value: number) => counts.format(value), percent: (value: number) => percents.format(value) };
  }, [i18n.language]);
  const needle = search.trim().toLowerCase();
  const shown = (card: FunnelCard) => !needle || searchText(card, funnel, labels).includes(needle);
  const view: StepView = { labels, model: funnel, format, open: needle !== '', live };
  const signupView: StepView = { ...view, model: signup, live: signupLive };
  const matches = [...cards.main, ...cards.exits].filter(shown).length;
  const first = numbers?.steps[0]?.reached ?? 0;
  const last = numbers?.steps.at(-1)?.reached ?? 0;

  // While searching, the card above is not the step before: the line carries no count then.
  const connector = (place: FunnelPlace | undefined) => <Connector place={place} numbers={needle ? undefined : numbers} folded={folded} format={format} />;

  return (
    <section aria-labelledby="funnel-title">
      <h2 id="funnel-title">{t('funnel.title')}</h2>
      <p>{t('funnel.intro')}</p>
      <FunnelFilters query={query} choices={numbers?.choices} onChange={setQuery} />
      <div role="status" className={styles.summary}>
        {state.status === 'loading' ? t('filters.loading') : null}
        {numbers
          ? `${t('filters.period', { from: numbers.from, to: numbers.to })} — ${t('filters.summary', { visitors: format.count(first), finished: format.count(last), percent: format.percent(first ? last / first : 0) })}`
          : null}
      </div>
      {state.status === 'team-only' ? <Alert tone="info">{t('filters.teamOnly')}</Alert> : null}
      {state.status === 'failed' ? <Alert tone="critical">{t('filters.failed', { code: state.code })}</Alert> : null}
      <label className={styles.search}>
        {t('search.label')}
        <input className={styles.control} type="search" value={search} placeholder={t('search.placeholder')} onChange={(event) => setSearch(event.target.value)} />
      </label>
      {needle ? <p role="status">{matches ? t('search.matches', { count: matches }) : t('search.none', { query: search })}</p> : null}

      <LeadIn view={signupView} folded={folded} connector={connector} />
      <h3 className={styles.sectionTitle}>{t('funnel.main')}</h3>
      <ol className={styles.path} aria-label={t('funnel.title')}>
        {cards.main.filter(shown).map((card) => (
          <li key={card.id}>
            {connector(card.place)}
            <FunnelStep card={card} numbers={card.place ? folded.get(card.place.state) : undefined} view={view} />
          </li>
        ))}
      </ol>

      <h3 className={styles.sectionTitle}>{t('funnel.exits')}</h3>
      <ul className={[styles.path, styles.exits].join(' ')}>
        {cards.exits.filter(shown).map((card) => (
          <li key={card.id}>
            <FunnelStep card={card} numbers={undefined} exit view={view} />
          </li>
        ))}
      </ul>
      {cards.anyState.length ? (
        <details className={styles.fold} open={needle !== '' || undefined}>
          <summary className={styles.foldSummary}>{t('funnel.anyState')} ({cards.anyState.length})</summary>
          <ul className={styles.moves}>
            {cards.anyState.map((transition, index) => (
              <Move key={index} transition={transition} view={view} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
