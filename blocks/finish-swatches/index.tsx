import { useId, useState } from 'react';
import {
  defineBlock,
  FinishSample,
  Picture,
  placeholderStyle,
  selectedFinish,
  useQueryParams,
  type FinishRef,
} from '../../engine/index.ts';
import type { FinishSwatchesProps } from '../../schemas/types/blocks/finish-swatches.ts';
import { FinishPreview } from './finish-preview.tsx';
import styles from './finish-swatches.module.css';

type Group = FinishSwatchesProps['finishes'][number];
type Finishes = Parameters<typeof selectedFinish>[0]['finishes'];

/**
 * Finish swatches as one radio group across the finish groups (arrow keys move between
 * swatches). The URL holds the choice (?type=&value=, replacing the history entry); before
 * hydration, and when the URL names no finish of this style, the first finish is chosen.
 * Given the style's samples, the chosen finish's sample is offered under the choice (or the
 * page says the finish has none).
 */
function FinishSwatches(props: FinishSwatchesProps) {
  const { finishes, title, visibleCount, preview, samples } = props;
  const id = useId();
  const [params, update] = useQueryParams();
  const chosen = selectedFinish({ finishes: finishes as unknown as Finishes }, params);
  if (!finishes.length) return null;
  return (
    <section className={styles.swatches} aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`} className={styles.title}>
        {title}
      </h2>
      <div className={styles.layout}>
        <div className={styles.groups}>
          {finishes.map((g) => (
            <SwatchGroup
              key={`${g.name}:${g.items.map((i) => i.value).join(',')}`}
              group={g}
              // One radio group for every swatch, named alike on the server and in the browser (the
              // swatches a +N toggle adds later must join the prerendered ones' group).
              name="finish"
              chosen={chosen}
              visibleCount={visibleCount}
              onChoose={(value) => update({ type: g.name, value }, { replace: true })}
            />
          ))}
          {chosen && (
            <p className={styles.chosen}>
              Selected finish: <strong>{chosen.item.label}</strong>{' '}
              <span className={styles.groupName}>{`(${chosen.group.group})`}</span>
            </p>
          )}
          {samples && (
            <div className={styles.sample}>
              <FinishSample {...props} samples={samples} chosen={chosen} />
            </div>
          )}
        </div>
        {preview && chosen && (
          <FinishPreview
            key={`${chosen.group.name}/${chosen.item.value}`}
            item={chosen.item}
            group={chosen.group.group}
          />
        )}
      </div>
    </section>
  );
}

interface SwatchGroupProps {
  group: Group;
  name: string;
  chosen: FinishRef | undefined;
  visibleCount: number;
  onChoose(value: string): void;
}

/** One group's swatches: the first `visibleCount`, then a +N toggle (open when the choice is among the rest). */
function SwatchGroup({ group, name, chosen, visibleCount, onChoose }: SwatchGroupProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const chosenIndex =
    chosen?.group.name === group.name ? group.items.findIndex((i) => i.value === chosen.item.value) : -1;
  const hidden = Math.max(0, group.items.length - visibleCount);
  const expanded = open || chosenIndex >= visibleCount;
  const shown = expanded ? group.items : group.items.slice(0, visibleCount);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{group.title}</legend>
      <ul id={listId} className={styles.list}>
        {shown.map((item, i) => (
          <li key={item.value}>
            <label className={styles.swatch} title={item.label}>
              <input
                className={styles.swatchInput}
                type="radio"
                name={name}
                value={`${group.name}:${item.value}`}
                checked={i === chosenIndex}
                onChange={() => onChoose(item.value)}
              />
              <Picture image={item.image} layout={{ mobile: '3rem' }}>
                <img
                  src={item.image.src}
                  alt=""
                  width={item.image.width}
                  height={item.image.height}
                  loading="lazy"
                  decoding="async"
                  style={placeholderStyle(item.image, false)}
                />
              </Picture>
              <span className="jv-sr-only">{item.label}</span>
            </label>
          </li>
        ))}
        {hidden > 0 && !(chosenIndex >= visibleCount) && (
          <li>
            <button
              type="button"
              className={styles.more}
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setOpen((o) => !o)}
            >
              {expanded ? (
                'Show fewer'
              ) : (
                <>
                  {`+${hidden}`}
                  <span className="jv-sr-only">{` more ${group.title.toLowerCase()}`}</span>
                </>
              )}
            </button>
          </li>
        )}
      </ul>
    </fieldset>
  );
}

export default defineBlock({
  type: 'finish-swatches',
  component: FinishSwatches,
  island: { start: 'load', code: 'component' },
  description:
    "Finish swatches with a +N toggle and a door preview; the choice lives in the URL; the chosen finish's sample button.",
});
