import type { ChartModel, ChartTransition } from './chart-model';
import { topLevelOf } from './chart-model';
import { funnelPlaces, type FunnelPlace } from './funnel-map';
import { ruleOf, type LoaderRule } from './loader-rules';

/** One top-level state of the funnel chart as the funnel view draws it: folded, with what it holds. */
export interface FunnelCard {
  id: string;
  /** Its inner states, at any depth (folded until opened). */
  inner: string[];
  /** Every move out of it or between its inner states. */
  moves: ChartTransition[];
  /** The SPEC loader rules its moves apply, in the chart's order. */
  rules: LoaderRule[];
  /** The requests it and its inner states run. */
  invokes: string[];
  /** The funnel step counted here, if any. */
  place: FunnelPlace | undefined;
}

/**
 * The funnel chart folded for the product owner: the main path (the top-level states in the order
 * the chart declares them, which is the funnel's), the exits (its final states), and the moves that
 * start from any state (the chart-wide ones).
 */
export function funnelCards(model: ChartModel): { main: FunnelCard[]; exits: FunnelCard[]; anyState: ChartTransition[] } {
  const top = model.states.get(model.root)?.children ?? [];
  const descendants = (id: string): string[] => (model.states.get(id)?.children ?? []).flatMap((child) => [child, ...descendants(child)]);
  const card = (id: string): FunnelCard => {
    const inner = descendants(id);
    const own = new Set([id, ...inner]);
    const moves = model.transitions.filter((transition) => own.has(transition.source));
    return {
      id,
      inner,
      moves,
      rules: [...new Set(moves.map(ruleOf).filter((rule): rule is LoaderRule => rule !== undefined))],
      invokes: [id, ...inner].flatMap((state) => model.states.get(state)?.invokes ?? []),
      place: funnelPlaces.find((place) => place.chart === 'onboarding' && topLevelOf(model, place.state) === id),
    };
  };
  const cards = top.map(card);
  return {
    main: cards.filter((entry) => !model.states.get(entry.id)?.final),
    exits: cards.filter((entry) => model.states.get(entry.id)?.final),
    anyState: model.transitions.filter((transition) => transition.source === model.root),
  };
}

/** The funnel steps that happen before the funnel chart starts (on the sign-up chart), in order. */
export const leadInPlaces = (): FunnelPlace[] => funnelPlaces.filter((place) => place.chart === 'signup');

/**
 * The lead-in card the sign-up chart is on, by its live states (#37.5): the cards split the chart's
 * top-level states in its declared order, each from where its step starts (its move's source, else
 * its state) to where the next one's starts. So the page view's card holds the start page (the form,
 * its checks and prompts) and the code's card the code step and what follows it. None once the
 * chart has ended (the visitor went on to the funnel) or when nothing of it is live.
 */
export function liveLeadIn(model: ChartModel, places: readonly FunnelPlace[], live: ReadonlySet<string>): FunnelPlace | undefined {
  const order = model.states.get(model.root)?.children ?? [];
  const here = order.findIndex((id) => live.has(id));
  if (here < 0 || model.states.get(order[here] ?? '')?.final) return undefined;
  let found: FunnelPlace | undefined;
  for (const place of places) {
    const start = order.indexOf(topLevelOf(model, place.transition?.source ?? place.state));
    if (found === undefined || (start >= 0 && start <= here)) found = place;
  }
  return found;
}
