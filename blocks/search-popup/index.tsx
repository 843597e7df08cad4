import { defineBlock } from '../../engine/index.ts';
import { SearchPopup } from './search-popup.tsx';

export default defineBlock({
  type: 'search-popup',
  component: SearchPopup,
  island: { start: 'interaction', code: 'component' },
  description: 'Search box with a suggestions popup (combobox); See all Result opens the search page.',
});
