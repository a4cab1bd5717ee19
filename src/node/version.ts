// The product version, taken from package.json at build time.
import manifest from '../../package.json';

export const PLANWRIGHT_VERSION: string = manifest.version;
