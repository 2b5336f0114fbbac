import { useTranslation } from 'react-i18next';
import type { ChartModel, ChartTransition } from './chart-model';
import type { FunnelCard } from './funnel-cards';
import type { StepNumbers } from './funnel-map';
import * as styles from './Funnel.css';
import { codeName, stateCodeName, type Labeller } from './labels';

export interface StepView {
  labels: Labeller;
  model: ChartModel;
  format: { count: (value: number) => string; percent: (value: number) => string };
  /** Open every fold (a search matched inside). */
  open: boolean;
  live: ReadonlySet<string>;
}

/** One move in words, then as the code writes it: "sends the phone number → Sending the text (phone.submitted)". */
export function Move({ transition, view }: { transition: ChartTransition; view: StepView }) {
  const { t } = useTranslation('charts');
  const { labels, model } = view;
  const guard = transition.guard ? labels.guard(transition.guard) : null;
  const from = transition.source === model.root ? null : labels.state(transition.source);
  return (
    <li className={styles.move} data-transition={`${transition.source}|${transition.event}|${transition.target}`}>
      {from ? t('funnel.inState', { state: from }) : null}
      <strong>{labels.event(transition.event) ?? transition.event}</strong>
      {guard ? <> ({guard})</> : null} → {labels.state(transition.target) ?? stateCodeName(model, transition.target)}{' '}
      <span className={styles.code}>{codeName(transition.event, transition.guard)} → {stateCodeName(model, transition.target)}</span>
    </li>
  );
}

/** A state's numbers: who reached it, what share of visitors, who left there. */
export function Numbers({ numbers, view }: { numbers: StepNumbers; view: StepView }) {
  const { t } = useTranslation('charts');
  return (
    <div className={styles.count} data-step={numbers.step} data-reached={numbers.reached}>
      <span className={styles.bigNumber}>{view.format.count(numbers.reached)}</span>
      <span className={styles.share}>
        {t('funnelSteps.' + numbers.step)} · {t('funnel.ofFirst', { percent: view.format.percent(numbers.ofFirst) })}
      </span>
      {numbers.left > 0 ? <span className={styles.left}>{t('funnel.left', { count: view.format.count(numbers.left) })}</span> : null}
    </div>
  );
}

/** A top-level state of the funnel: plain name, code name, its numbers, rules, then its folds. */
export function FunnelStep({ card, numbers, exit = false, view }: { card: FunnelCard; numbers: StepNumbers | undefined; exit?: boolean; view: StepView }) {
  const { t } = useTranslation('charts');
  const { labels, model, open, live } = view;
  const isLive = live.has(card.id);
  return (
    <div
      className={[styles.card, numbers ? styles.cardCounted : '', isLive ? styles.cardLive : '', exit ? styles.cardExit : ''].filter(Boolean).join(' ')}
      data-state={card.id}
      data-active={isLive || undefined}
    >
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{labels.state(card.id) ?? stateCodeName(model, card.id)}</h3>
        <span className={styles.code}>{stateCodeName(model, card.id)}</span>
      </div>
      {isLive ? <p className={styles.live}>{t('funnel.liveHere')}</p> : null}
      {numbers ? <Numbers numbers={numbers} view={view} /> : null}
      {card.invokes.length ? <p className={styles.note}>{t('funnel.requests', { names: card.invokes.join(', ') })}</p> : null}
      {card.rules.length ? (
        <div className={styles.rules}>
          <strong>{t('funnel.rules')}</strong>
          <ul className={styles.rulesList}>
            {card.rules.map((rule) => (
              <li key={rule}>{t(`rules.${rule}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {card.inner.length ? (
        <details className={styles.fold} open={open || card.inner.some((id) => live.has(id)) || undefined}>
          <summary className={styles.foldSummary}>{t('funnel.inner', { count: card.inner.length })}</summary>
          <ul className={styles.moves}>
            {card.inner.map((id) => (
              <li key={id} className={styles.move} data-state={id} data-active={live.has(id) || undefined}>
                {live.has(id) ? <strong>● </strong> : null}
                {labels.state(id) ?? id} <span className={styles.code}>{stateCodeName(model, id)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {card.moves.length ? (
        <details className={styles.fold} open={open || undefined}>
          <summary className={styles.foldSummary}>{t('funnel.otherMoves', { count: card.moves.length })}</summary>
          <ul className={styles.moves}>
            {card.moves.map((transition, index) => (
              <Move key={index} transition={transition} view={view} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
