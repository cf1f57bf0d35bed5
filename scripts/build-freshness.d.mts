export function isBuildStale(root: string): boolean;
export function isServerBuildStale(root: string): boolean;
