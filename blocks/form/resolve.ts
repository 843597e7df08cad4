/** Build time: the definition's SHA-256 goes into the props, so the browser bundle needs no SHA-256 code (engine/forms/hash.ts). */
import { formHash, type ResolveProps } from '../../engine/node.ts';

export const resolveProps: ResolveProps = async (props) =>
  props.definition && typeof props.definition === 'object'
    ? { ...props, definitionHash: formHash(props.definition) }
    : props;
