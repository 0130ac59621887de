// The web's `@/` alias for dependency-cruiser (.dependency-cruiser.cjs): its tsconfig reader
// resolves tsconfig paths from the repository root, not from apps/web.
const path = require('node:path');

module.exports = {
  resolve: { alias: { '@': path.join(__dirname, '../../apps/web/src') } },
};
