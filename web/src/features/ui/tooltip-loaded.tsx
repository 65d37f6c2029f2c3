// Mantine's tooltip (and the positioning library it brings), fetched when a hover tooltip is first
// needed (see hover-tooltip.tsx).
export { Tooltip } from '@mantine/core';
