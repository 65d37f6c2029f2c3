#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded offline.
# `prisma generate|validate|format` never call it; migrate commands do, and must use our tools.
echo "The native Prisma schema engine is not installed here." >&2
echo "Create migrations with 'pnpm db:diff NAME' and apply them with 'pnpm db:migrate'." >&2
exit 1
