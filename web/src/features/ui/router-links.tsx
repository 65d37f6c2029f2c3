import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

// Mantine components that navigate with the router (typed `to`, `params`, `search`, preload,
// and the /zh prefix added by the router's rewrite). Pattern from the TanStack Router docs.

type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

function AnchorBase(props: AnchorProps & AnchorElementProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor component="a" {...props} />;
}
function ButtonBase(props: ButtonProps & AnchorElementProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(AnchorBase);
const CreatedButtonLink = createLink(ButtonBase);

export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink {...props} />;
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink {...props} />;
