export * from './common';
export * from './codes';
export * from './messages';
export * from './validation';
export * from './entities';
export * from './bodies';
export * from './endpoints';
export * from './routes';
