// Placeholder until the bridge lands.
export {};
