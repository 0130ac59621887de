import type { BundleFeature, OptionSelection } from '@bastion/domain/catalog/bundle-options';
import type { Database } from '@bastion/db/client';
import type { AppErrorDetail } from '../../lib/app-error.ts';
import type { SaveBundleComponentsInput, SkuDetail } from '@bastion/domain/catalog/admin-api';
import {
  listComponentsOf,
  listFeaturesOf,
  lockSkus,
  replaceComponents,
  replaceFeatures,
  type SkuRow,
} from './catalog-admin.repository.ts';
import { conflictOn, invalidFields, skuNotFound } from './catalog-admin-errors.ts';
import { bundleFeatureOf, getSku } from './get-sku.ts';

interface Component {
  sku: string;
  quantity: number;
  /** The option group it belongs to; null: none. */
  feature: string | null;
  selection: OptionSelection;
}

/** A change to a component kept in the bundle: from/to are its quantity, as before issue 34. */
interface ChangedComponent {
  sku: string;
  from: number;
  to: number;
  /** Present when it moved to another option group (or in or out of one). */
  feature?: { from: string | null; to: string | null };
  /** Present when its selection changed. */
  selection?: { from: OptionSelection; to: OptionSelection };
}

/** What a save changed, for the audit trail. */
export interface ComponentChanges {
  added: Component[];
  removed: Component[];
  changed: ChangedComponent[];
  /** The option groups before the save; present only when the save changed them. */
  features_before?: BundleFeature[];
}

/** Each component's problem, with the path the editor shows it under. */
function componentProblems(
  bundle: SkuRow,
  components: readonly Component[],
  found: ReadonlyMap<string, SkuRow>,
): AppErrorDetail[] {
  const problems: AppErrorDetail[] = [];
  const seen = new Set<string>();
  components.forEach((component, index) => {
    const path = `components.${index}.sku`;
    const sku = found.get(component.sku);
    const problem =
      component.sku === bundle.sku
        ? 'A bundle cannot contain itself.'
        : seen.has(component.sku)
          ? `${component.sku} is listed twice: give it one row with the whole quantity.`
          : !sku
            ? `There is no SKU ${component.sku}.`
            : sku.kind === 'BUNDLE'
              ? `${sku.sku} is a bundle itself: a bundle holds products, not other bundles.`
              : !sku.isActive
                ? `${sku.sku} is inactive: only active SKUs can go into a bundle.`
                : null;
    seen.add(component.sku);
    if (problem) problems.push({ path, message: problem });
  });
  return problems;
}

const optionsText = (count: number) => (count === 1 ? '1 option' : `${count} options`);

/**
 * What is wrong with the option groups (issue 34) and the components' place in them: a group
 * named twice, a component in a group the bundle does not have, a group without options or with
 * fewer than its fewest (or more required ones than its most), and a default or optional
 * component on a bundle without groups, which nothing would let a seller leave out or add.
 */
function optionProblems(
  components: readonly Component[],
  features: readonly BundleFeature[],
): AppErrorDetail[] {
  const problems: AppErrorDetail[] = [];
  const names = new Set(features.map((f) => f.name));
  components.forEach((component, index) => {
    if (component.feature !== null && !names.has(component.feature)) {
      problems.push({
        path: `components.${index}.feature`,
        message: `There is no option group “${component.feature}”: add it to the option groups, or put ${component.sku} in another.`,
      });
    }
    if (features.length === 0 && component.selection !== 'REQUIRED') {
      problems.push({
        path: `components.${index}.selection`,
        message:
          'Only a bundle with option groups has optional components: add an option group first.',
      });
    }
  });
  const seen = new Set<string>();
  features.forEach((feature, index) => {
    const key = feature.name.toLowerCase();
    if (seen.has(key)) {
      problems.push({
        path: `features.${index}.name`,
        message: `There are two option groups called “${feature.name}”: give each its own name.`,
      });
      return;
    }
    seen.add(key);
    const options = components.filter((c) => c.feature === feature.name);
    const required = options.filter((c) => c.selection === 'REQUIRED').length;
    if (options.length === 0) {
      problems.push({
        path: `features.${index}.name`,
        message: `${feature.name} has no options: put at least one component in it, or remove the group.`,
      });
    } else if (options.length < feature.min_options) {
      problems.push({
        path: `features.${index}.min_options`,
        message: `${feature.name} has ${optionsText(options.length)}: it cannot need ${feature.min_options}.`,
      });
    } else if (feature.max_options !== null && required > feature.max_options) {
      problems.push({
        path: `features.${index}.max_options`,
        message: `${feature.name} has ${required} required options, which always come with the bundle: it cannot take at most ${feature.max_options}.`,
      });
    }
  });
  return problems;
}

function changesBetween(
  before: { components: readonly Component[]; features: readonly BundleFeature[] },
  after: { components: readonly Component[]; features: readonly BundleFeature[] },
): ComponentChanges {
  const old = new Map(before.components.map((c) => [c.sku, c]));
  const now = new Set(after.components.map((c) => c.sku));
  const changed: ChangedComponent[] = [];
  for (const component of after.components) {
    const was = old.get(component.sku);
    if (!was) continue;
    const change: ChangedComponent = {
      sku: component.sku,
      from: was.quantity,
      to: component.quantity,
    };
    if (was.feature !== component.feature) {
      change.feature = { from: was.feature, to: component.feature };
    }
    if (was.selection !== component.selection) {
      change.selection = { from: was.selection, to: component.selection };
    }
    if (change.from !== change.to || change.feature || change.selection) changed.push(change);
  }
  const featuresOf = (features: readonly BundleFeature[]) =>
    JSON.stringify(features.map((f) => [f.name, f.min_options, f.max_options]));
  return {
    added: after.components.filter((c) => !old.has(c.sku)),
    removed: before.components.filter((c) => !now.has(c.sku)),
    changed,
    ...(featuresOf(before.features) === featuresOf(after.features)
      ? {}
      : { features_before: [...before.features] }),
  };
}

/**
 * Replaces what a bundle SKU brings onto a quote: its components and, since issue 34, its option
 * groups (features) and each component's group and selection. Every component must be another,
 * active SKU that is not a bundle, each once, with a whole quantity of at least 1; the groups must
 * hold what they promise (see optionProblems). One bad row saves nothing. The bundle and its
 * components are locked while this runs, so none of them can be retired or turned into a bundle
 * meanwhile. Quotes that already hold the bundle keep the component lines they were given.
 */
export async function saveBundleComponents(
  db: Database,
  input: SaveBundleComponentsInput,
  now: Date = new Date(),
): Promise<SkuDetail & { changes: ComponentChanges }> {
  const changes = await db.transaction(async (tx) => {
    const locked = await lockSkus(tx, [input.sku, ...input.components.map((c) => c.sku)]);
    const found = new Map(locked.map((sku) => [sku.sku, sku]));
    const bundle = found.get(input.sku);
    if (!bundle) throw skuNotFound(input.sku);
    if (bundle.kind !== 'BUNDLE') {
      throw conflictOn(
        'sku',
        `${bundle.sku} is not a bundle (its kind is ${bundle.kind}): only bundles have components.`,
      );
    }
    const problems = [
      ...componentProblems(bundle, input.components, found),
      ...optionProblems(input.components, input.features),
    ];
    if (problems.length > 0) throw invalidFields(problems);
    const components = await listComponentsOf(tx, bundle.sku);
    const features = await listFeaturesOf(tx, bundle.sku);
    await replaceFeatures(tx, bundle.sku, input.features);
    await replaceComponents(tx, bundle.sku, input.components);
    return changesBetween(
      {
        components: components.map((c) => ({
          sku: c.sku,
          quantity: c.quantity,
          feature: c.feature,
          selection: c.selection,
        })),
        features: features.map(bundleFeatureOf),
      },
      { components: input.components, features: input.features },
    );
  });
  return { ...(await getSku(db, input.sku, now)), changes };
}
