// The web app and the console are each a set of feature folders over shared/ (src/features/<name>/): a feature
// imports shared/ and its own folder, never another feature, so a screen can be changed or removed knowing only
// its own folder. What two features both need moves to shared/. Read from each import's specifier alone: relative
// specifiers resolved against the importing file (neither app has import aliases).
import path from 'node:path';

/** The features folder and the feature a path lies in, or undefined outside any src/features/<name>/. */
export function featureOf(file) {
  const match = /^(.*\/src\/features)\/([^/]+)\//.exec(file.split(path.sep).join('/'));
  return match ? { root: match[1], name: match[2] } : undefined;
}

/** The other feature a specifier written in `fromFile` reaches, or undefined when it stays in bounds. */
export function otherFeature(fromFile, specifier) {
  const own = featureOf(fromFile);
  if (!own || !specifier.startsWith('.')) return undefined;
  const from = fromFile.split(path.sep).join('/');
  const target = featureOf(`${path.posix.resolve(path.posix.dirname(from), specifier)}/`);
  return target && target.root === own.root && target.name !== own.name ? target.name : undefined;
}

const noCrossImport = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature folder imports shared/ and itself, never another feature folder.' },
    messages: {
      crossFeature: 'A feature does not import another feature (features/{{feature}}): move what both need to shared/.',
    },
    schema: [],
  },
  create(context) {
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const feature = otherFeature(context.filename, source.value);
      if (feature) context.report({ node: source, messageId: 'crossFeature', data: { feature } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

export default { meta: { name: 'features' }, rules: { 'no-cross-import': noCrossImport } };
