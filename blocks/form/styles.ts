/**
 * The block's styles, imported by the light entry (index.tsx) so the CSS is linked in the page's
 * HTML for the prerendered form, and shared with the lazily loaded form code.
 */
import styles from './form.module.css';

export default styles;
