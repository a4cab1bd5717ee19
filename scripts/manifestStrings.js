// The strings of package.json that people read (titles, names, descriptions, welcome text, walkthroughs,
// chat and tool descriptions), each with the package.nls.json key it is written under. What a model reads
// (a language model tool's modelDescription and input schema) and ids stay literal. Shared by the unit test
// that checks every one of them is a %key% placeholder and by anyone adding a contribution.
/**
 * @param {any} manifest package.json, parsed
 * @returns {{ path: (string | number)[], key: string }[]} where each string is and the key it belongs under
 */
function manifestStrings(manifest) {
  /** @type {{ path: (string | number)[], key: string }[]} */
  const found = [];
  /** @param {(string | number)[]} path @param {string} key */
  const add = (path, key) => {
    let value = manifest;
    for (const part of path) value = value?.[part];
    if (typeof value === 'string') found.push({ path, key });
  };
  add(['displayName'], 'displayName');
  add(['description'], 'description');
  add(['capabilities', 'untrustedWorkspaces', 'description'], 'untrustedWorkspaces.description');
  const c = manifest.contributes ?? {};
  (c.commands ?? []).forEach((/** @type {any} */ command, /** @type {number} */ i) => {
    const id = command.command.replace(/^planwright\./, '');
    add(['contributes', 'commands', i, 'title'], `command.${id}.title`);
    add(['contributes', 'commands', i, 'shortTitle'], `command.${id}.shortTitle`);
    add(['contributes', 'commands', i, 'category'], 'command.category');
  });
  for (const [where, containers] of Object.entries(c.viewsContainers ?? {})) {
    /** @type {any[]} */ (containers).forEach((container, i) => add(['contributes', 'viewsContainers', where, i, 'title'], `viewContainer.${container.id}.title`));
  }
  for (const [where, views] of Object.entries(c.views ?? {})) {
    /** @type {any[]} */ (views).forEach((view, i) => {
      add(['contributes', 'views', where, i, 'name'], `view.${view.id}.name`);
      add(['contributes', 'views', where, i, 'contextualTitle'], `view.${view.id}.contextualTitle`);
    });
  }
  (c.viewsWelcome ?? []).forEach((/** @type {any} */ _welcome, /** @type {number} */ i) => add(['contributes', 'viewsWelcome', i, 'contents'], `viewsWelcome.${i}.contents`));
  // The settings come in categories (an array), each titled under its id: `planwright.model` → configuration.model.title.
  (c.configuration ?? []).forEach((/** @type {any} */ category, /** @type {number} */ g) => {
    add(['contributes', 'configuration', g, 'title'], `configuration.${String(category.id).replace(/^planwright\./, '')}.title`);
    for (const [name, property] of Object.entries(category.properties ?? {})) {
      const key = `configuration.${name.replace(/^planwright\./, '')}`;
      const at = ['contributes', 'configuration', g, 'properties', name];
      for (const field of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage', 'patternErrorMessage']) add([...at, field], `${key}.${field}`);
      for (const field of ['enumDescriptions', 'markdownEnumDescriptions']) {
        (/** @type {any} */ (property)[field] ?? []).forEach((/** @type {string} */ _text, /** @type {number} */ i) => add([...at, field, i], `${key}.${field}.${i}`));
      }
    }
  });
  (c.walkthroughs ?? []).forEach((/** @type {any} */ walkthrough, /** @type {number} */ w) => {
    const at = ['contributes', 'walkthroughs', w];
    add([...at, 'title'], `walkthrough.${walkthrough.id}.title`);
    add([...at, 'description'], `walkthrough.${walkthrough.id}.description`);
    (walkthrough.steps ?? []).forEach((/** @type {any} */ step, /** @type {number} */ s) => {
      const key = `walkthrough.${walkthrough.id}.${step.id}`;
      add([...at, 'steps', s, 'title'], `${key}.title`);
      add([...at, 'steps', s, 'description'], `${key}.description`);
      add([...at, 'steps', s, 'media', 'altText'], `${key}.altText`);
    });
  });
  (c.chatParticipants ?? []).forEach((/** @type {any} */ participant, /** @type {number} */ p) => {
    const key = `chat.${participant.id.replace(/^planwright\./, '')}`;
    add(['contributes', 'chatParticipants', p, 'fullName'], `${key}.fullName`);
    add(['contributes', 'chatParticipants', p, 'description'], `${key}.description`);
    (participant.commands ?? []).forEach((/** @type {any} */ command, /** @type {number} */ i) => add(['contributes', 'chatParticipants', p, 'commands', i, 'description'], `${key}.${command.name}.description`));
  });
  (c.languageModelTools ?? []).forEach((/** @type {any} */ tool, /** @type {number} */ t) => {
    const key = `tool.${tool.name.replace(/^planwright_/, '')}`;
    add(['contributes', 'languageModelTools', t, 'displayName'], `${key}.displayName`);
    add(['contributes', 'languageModelTools', t, 'userDescription'], `${key}.userDescription`);
  });
  return found;
}

module.exports = { manifestStrings };
