/** A small OpenAPI 3.0 spec in YAML, as a team would keep beside its service: list, add and read pets. */
export const petShopSpec = `
openapi: 3.0.3
info: { title: Pet shop, version: 1.0.0 }
servers: [{ url: http://127.0.0.1/api }]
paths:
  /pets:
    get:
      operationId: listPets
      summary: Lists the pets in the shop
      parameters:
        - { name: limit, in: query, description: How many pets at most, schema: { type: integer, minimum: 1, maximum: 100 } }
      responses: { '200': { description: The pets } }
    post:
      operationId: addPet
      summary: Adds a pet to the shop
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewPet' }
      responses: { '201': { description: The pet, with its id } }
  /pets/{petId}:
    get:
      operationId: showPetById
      summary: Shows one pet
      parameters:
        - { name: petId, in: path, required: true, description: The pet's id, schema: { type: integer } }
      responses: { '200': { description: The pet }, '404': { description: No such pet } }
components:
  schemas:
    NewPet:
      type: object
      required: [name]
      properties:
        name: { type: string, description: The pet's name }
        tag: { type: string, nullable: true, description: A tag, such as the species }
`;
