import { getStateNodes, type AnyMachineSnapshot } from 'xstate';

/**
 * The ids of the state nodes a snapshot is in (ancestors included), read through XState's public
 * `getStateNodes(root, value)`: what the chart viewer highlights and what path coverage counts.
 */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return getStateNodes(snapshot.machine.root, snapshot.value).map((node) => node.id);
}
