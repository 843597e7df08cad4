import { Card, Carousel, defineBlock, sectionStyles } from '../../engine/index.ts';
import type { CardSliderProps } from '../../schemas/types/blocks/card-slider.ts';
import styles from './card-slider.module.css';

/**
 * Cards as a slider on small screens (below `activeBelow`, default 768 px) and a grid above;
 * defaults: 500 ms, one card in view, arrows on, dots below 480 px.
 */
function CardSlider({ title, intro, columns, cards, slider }: CardSliderProps) {
  const { speed, slidesToShow, arrows, dotsBelow, activeBelow } = slider;
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={sectionStyles.title}>{title}</h2>}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      <Carousel
        label={title ?? 'Cards'}
        slides={cards.map((card, i) => <Card key={i} card={card} heading={title ? 'h3' : 'h2'} />)}
        speed={speed}
        perView={slidesToShow}
        arrows={arrows}
        dotsBelow={dotsBelow}
        activeBelow={activeBelow}
        columns={columns}
        arrowPlacement="below"
        className={styles.slider}
      />
    </section>
  );
}

export default defineBlock({
  type: 'card-slider',
  component: CardSlider,
  island: { start: 'visible', code: 'component' },
  description: 'Cards as a slider below 768 px and a grid above.',
});
