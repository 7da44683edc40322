import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language.ts";

describe("detectLanguage", () => {
  it.each([
    ["en", "A subscription service that delivers refurbished laptops to students"],
    ["de", "Eine App, die kleinen Bäckereien hilft, Lebensmittelabfälle zu reduzieren"],
    ["de", "Ein Abo für gebrauchte Kinderfahrräder mit Reparaturservice in der Stadt"],
    ["es", "Una aplicación que ayuda a las panaderías pequeñas a reducir el desperdicio de comida"],
    ["es", "Un servicio de alquiler de bicicletas eléctricas para repartidores en Madrid"],
    ["fr", "Une application qui aide les petites boulangeries à réduire le gaspillage alimentaire"],
    ["fr", "Un service de location de vélos cargo pour les artisans dans les centres-villes"],
    ["pt", "Um aplicativo que ajuda pequenas padarias a reduzir o desperdício de alimentos"],
    ["pt", "Uma plataforma para alugar bicicletas elétricas aos entregadores em São Paulo"],
    ["ja", "小さなパン屋の食品ロスを減らすアプリ"],
    ["ja", "地方の旅館向けの予約管理サービス"],
    ["ja", "東京の小さな本屋"],
    ["ko", "작은 빵집의 음식물 쓰레기를 줄이는 앱"],
    ["zh", "帮助小面包店减少食物浪费的应用"],
  ])("reads %s in %j", (language, idea) => {
    expect(detectLanguage(idea)).toBe(language);
  });

  it.each([
    "Uber for dogs",
    "Pizza Roma",
    "Restaurant Paris",
    "Tacos de la casa delivery",
    "Kita app",
    "Kindergarten finder",
    "Le Petit Chef franchise",
    "a ラーメン bar finder for Berlin",
    "",
  ])("keeps English for a short or mixed idea: %j", (idea) => {
    expect(detectLanguage(idea)).toBe("en");
  });

  it("lets the context decide a short idea", () => {
    expect(
      detectLanguage(
        "Brotbox\nFür Bäckereien, die ihre Reste am Abend an Nachbarn verkaufen wollen, ohne eine eigene App",
      ),
    ).toBe("de");
  });
});
