/**
 * The cycles of a directed graph: each strongly connected component of more than one
 * node (Tarjan's algorithm), its nodes sorted; components sorted by their first node.
 * A node that reaches itself only through others is in exactly one of them.
 *
 * @param graph - each node's successors; successors that are not keys count as leaves
 * @example
 * import { findCycles } from "@wsafe/structure-check";
 * findCycles(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]])); // [["a", "b"]]
 */
export function findCycles<T>(graph: ReadonlyMap<T, ReadonlySet<T>>): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const components: T[][] = [];
  let next = 0;
  // Iterative, so a long import chain cannot overflow the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: T; successors: Iterator<T> }[] = [];
    const enter = (node: T) => {
      index.set(node, next);
      low.set(node, next);
      next++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, successors: (graph.get(node) ?? new Set<T>()).values() });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.successors.next();
      if (!step.done) {
        const successor = step.value;
        if (!index.has(successor)) enter(successor);
        else if (onStack.has(successor))
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(successor)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: T[] = [];
      let member: T;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1) components.push(component.sort());
    }
  }
  return components.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}
