/** Browser features the lib files do not declare yet (types only; not shipped). */
export {};

declare global {
  /** The Network Information API (Chromium): saveData and effectiveType only. */
  interface NetworkInformation { readonly saveData?: boolean; readonly effectiveType?: string }
  interface Navigator { readonly connection?: NetworkInformation }
  interface WorkerNavigator { readonly connection?: NetworkInformation }
}
