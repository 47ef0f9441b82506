/**
 * The item sheet shared by weapons and actions: an ItemSheetV2 rendering its Handlebars template
 * itself (as the actor sheet does, see actor-sheet.ts). Fields are read from
 * the item's data model (labels and hints as Foundry localised them from LOCALIZATION_PREFIXES,
 * bounds and choices from the schema); an edit the model refuses is reported as a localised
 * notification naming the fields, and the sheet redraws the stored values.
 */
import type { FieldFailure, FieldSpec, ItemSheetView } from "../../../views/sheet";
import { validationNotice } from "../../../views/sheet";
import { TEMPLATE_PATHS } from "../../../views/templates";
import { foundryLocalizer } from "../../localizer";

const { ItemSheetV2 } = foundry.applications.sheets;
const { renderTemplate } = foundry.applications.handlebars;

type SheetContext = Awaited<ReturnType<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>>;
type SheetRenderOptions = Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0];
const { BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;

/** Labels of fixed choices, by field path (keys in lang/en.json). */
const CHOICE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  kind: { melee: "TEMPO.Sheet.WeaponKind.melee", ranged: "TEMPO.Sheet.WeaponKind.ranged" },
  category: { action: "TEMPO.ItemSheet.Category.action", reaction: "TEMPO.ItemSheet.Category.reaction" },
};

function choiceLabel(path: string, value: string): string {
  const i18n = foundryLocalizer();
  if (path === "ruleset") return i18n.localize(`TEMPO.Ruleset.${value}`);
  const key = CHOICE_LABELS[path]?.[value];
  return key ? i18n.localize(key) : value;
}

function choicesOf(field: foundry.data.fields.StringField): string[] | null {
  const raw: unknown = field.choices;
  const choices = typeof raw === "function" ? (raw as () => unknown)() : raw;
  if (Array.isArray(choices)) return choices.map(String);
  if (choices && typeof choices === "object") return Object.keys(choices);
  return null;
}

/** The inputs for a data model's fields, nested schema fields flattened ("cost.ap"). */
export function fieldSpecs(
  fields: Record<string, foundry.data.fields.DataField.Any>,
  values: object,
  prefix = "",
): FieldSpec[] {
  const specs: FieldSpec[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const value: unknown = foundry.utils.getProperty(values, name);
    const base = { path, label: field.label || path, hint: field.hint || "" };
    if (field instanceof SchemaField) {
      specs.push(...fieldSpecs(field.fields, (value ?? {}) as object, path));
    } else if (field instanceof NumberField) {
      specs.push({
        ...base,
        input: "number",
        value: typeof value === "number" ? value : 0,
        ...(typeof field.min === "number" ? { min: field.min } : {}),
        ...(typeof field.max === "number" ? { max: field.max } : {}),
      });
    } else if (field instanceof BooleanField) {
      specs.push({ ...base, input: "checkbox", value: value === true });
    } else if (field instanceof HTMLField) {
      specs.push({ ...base, input: "textarea", value: typeof value === "string" ? value : "" });
    } else if (field instanceof StringField) {
      const text = typeof value === "string" ? value : "";
      const choices = choicesOf(field);
      specs.push(
        choices
          ? {
              ...base,
              input: "select",
              value: text,
              choices: choices.map((c) => ({ value: c, label: choiceLabel(path, c) })),
            }
          : { ...base, input: "text", value: text },
      );
    }
  }
  return specs;
}

export abstract class TempoItemSheet extends ItemSheetV2 {
  static override DEFAULT_OPTIONS = {
    classes: ["tempo", "tempo-app", "sheet", "item"],
    position: { width: 480 },
    window: { resizable: true },
    form: { submitOnChange: true, handler: TempoItemSheet.#onSubmit },
  };

  /** The fields of this item's system data, as the sheet's inputs. */
  specs(): FieldSpec[] {
    const system = this.item.system as unknown as { schema: foundry.data.fields.SchemaField.Any };
    return fieldSpecs(system.schema.fields, this.item.system as object);
  }

  /** The item's view model (weapon or action). */
  abstract tempoView(): ItemSheetView;

  /** What the sheet submits, adjusted before it is validated (a kind of item may change fields together). */
  protected adjustSubmit(data: object): object {
    return data;
  }

  /**
   * The form's data, adjusted here: DocumentSheetV2#_prepareSubmitData validates what this gives
   * ("cleaned and validated before being returned"), so fields that change together must be
   * changed together before it, not after.
   */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): Record<string, unknown> {
    return this.adjustSubmit(super._processFormData(event, form, formData)) as Record<string, unknown>;
  }

  protected override async _prepareContext(options: SheetRenderOptions) {
    const base: SheetContext = await super._prepareContext(options);
    return { ...base, ...this.tempoView() };
  }

  protected override async _renderHTML(context: SheetContext): Promise<string> {
    return renderTemplate(TEMPLATE_PATHS.itemSheet, { ...context });
  }

  protected override _replaceHTML(result: string, content: HTMLElement): void {
    content.innerHTML = result;
  }

  /**
   * The sheet's form handler: Foundry's own steps (prepare, which validates against the data
   * model, then update), with a refused edit shown as a notification naming the
   * fields instead of an error in the console.
   */
  static async #onSubmit(
    this: TempoItemSheet,
    event: Event | SubmitEvent,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): Promise<void> {
    try {
      const submitData = this._prepareSubmitData(event as SubmitEvent, form, formData);
      // What DocumentSheetV2#_processSubmitData does for an existing document. The types give
      // _prepareSubmitData's result as `object`; it is the item's update data.
      await this.item.update(submitData as Item.UpdateData);
    } catch (error) {
      ui.notifications?.error(validationNotice(failuresOf(error), this.specs(), foundryLocalizer()));
      await this.render();
    }
  }
}

/** The field failures of a data model validation error, or the error's message as one failure. */
function failuresOf(error: unknown): FieldFailure[] {
  const { DataModelValidationError } = foundry.data.validation;
  if (error instanceof DataModelValidationError) {
    const all = error.getAllFailures() as Record<string, { message?: string }>;
    const failures = Object.entries(all).map(([path, failure]) => ({ path, message: failure.message ?? "" }));
    if (failures.length > 0) return failures;
  }
  return [{ path: "", message: error instanceof Error ? error.message : String(error) }];
}
