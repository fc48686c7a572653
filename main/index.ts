// Placeholder until the composition root lands.
export {};
