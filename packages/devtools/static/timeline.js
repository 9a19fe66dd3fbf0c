// @ts-check
// A run's timeline drawn as bars: one row per model call, tool call or moment, placed by time.
import { h } from './schema-form.js';

/**
 * @typedef {{ kind: string, label: string, runId: string, agentName: string, depth: number, start: number, end: number, status: string, detail?: string }} Bar
 */

const legend = [
  ['model call', 'var(--model)'],
  ['tool call', 'var(--tool)'],
  ['waiting', 'var(--waiting)'],
  ['error', 'var(--error)'],
  ['end', 'var(--ok)'],
];

/**
 * Draws a run's bars, each placed by its start and end.
 * @param {Bar[]} bars
 * @returns {HTMLElement}
 */
export function drawTimeline(bars) {
  const total = Math.max(1, ...bars.map((bar) => bar.end));
  const grid = h('div', { class: 'timeline', 'data-test': 'timeline' });
  for (const bar of bars) {
    const indent = '\u2003'.repeat(bar.depth);
    const name = bar.kind === 'model' ? `model · ${bar.agentName}` : bar.kind === 'tool' ? `tool · ${bar.label}` : bar.label;
    const label = h('div', { class: 'label', title: name }, [indent + name]);
    const shape = h('div', { class: `bar kind-${bar.kind} status-${bar.status}`, 'data-kind': bar.kind, 'data-status': bar.status });
    shape.style.left = `${(bar.start / total) * 100}%`;
    shape.style.width = `${Math.max(((bar.end - bar.start) / total) * 100, 0.6)}%`;
    shape.title = `${name}: ${(bar.end - bar.start).toFixed(1)} ms${bar.detail ? `\n${bar.detail}` : ''}`;
    const duration = bar.end > bar.start ? `${(bar.end - bar.start).toFixed(1)} ms` : '';
    grid.append(label, h('div', { class: 'track' }, [shape]), h('div', { class: 'duration' }, [duration]));
    if (bar.detail && (bar.status === 'error' || bar.kind === 'error')) grid.append(h('div', { class: 'detail', 'data-test': 'timeline-error' }, [bar.detail]));
  }
  return grid;
}

/** @returns {HTMLElement} the key to the bars' colours */
export function timelineLegend() {
  return h(
    'div',
    { class: 'legend' },
    legend.map(([text, color]) => {
      const item = h('span', {}, [text]);
      item.style.setProperty('--swatch', color);
      return item;
    }),
  );
}
