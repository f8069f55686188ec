/** mammoth's browser build: the package's own API, bundled without Node's modules. */
declare module "mammoth/mammoth.browser.min.js" {
  import mammoth from "mammoth";
  export default mammoth;
}
