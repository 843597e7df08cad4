/** Build time: the questions are the FAQPage structured data on routes with the faq flag. */
import type { BlockBuild } from '../../engine/node.ts';
import type { FaqListProps } from '../../schemas/types/blocks/faq-list.ts';

export const jsonLd: BlockBuild['jsonLd'] = (props) => ({ faq: (props as unknown as FaqListProps).faqs });
